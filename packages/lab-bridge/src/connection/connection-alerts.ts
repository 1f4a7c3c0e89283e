/**
 * What the page's connections tell the person (notifications, and console
 * warnings), each message once while its cause lasts: a server that keeps failing is retried every second or two, and
 * its connection is made anew when the settings change (the person fixing the
 * token), and neither stacks another toast of the same words. Once the
 * connection to a server works, its messages may show again the next time it
 * fails.
 */
export class ConnectionAlerts {
  /** Messages shown, by server URL. */
  private readonly shown = new Map<string, Set<string>>();

  constructor(private readonly show: (message: string) => void) {}

  alert(url: string, message: string): void {
    this.once(url, `alert ${message}`, () => this.show(message));
  }

  /** A console warning, through `write`. */
  warn(url: string, text: string, write: (text: string) => void): void {
    this.once(url, `warn ${text}`, () => write(text));
  }

  private once(url: string, key: string, show: () => void): void {
    const shown = this.shown.get(url) ?? new Set<string>();
    this.shown.set(url, shown);
    if (!shown.has(key)) {
      shown.add(key);
      show();
    }
  }

  /** The page is connected to `url`. */
  connected(url: string): void {
    this.shown.delete(url);
  }
}
