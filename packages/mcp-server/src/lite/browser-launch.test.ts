import { afterEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { findChromium, headlessChromiumArgs, openBrowser, openThroughPipe, redirectPage } from './browser-launch.js';

const only =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and says so when it is not there', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/c/chrome', PATH: '/usr/bin' }, only('/opt/c/chrome', '/usr/bin/chromium'))).toBe(
      '/opt/c/chrome'
    );
    expect(() => findChromium({ CHROMIUM_PATH: '/nope' }, only('/usr/bin/chromium'))).toThrow(
      /CHROMIUM_PATH is \/nope, which is not an executable/
    );
  });

  it("prefers Debian's /usr/bin/chromium, then Chromium or Chrome on PATH", () => {
    expect(findChromium({ PATH: '/a:/b' }, only('/usr/bin/chromium', '/a/google-chrome'))).toBe('/usr/bin/chromium');
    expect(findChromium({ PATH: '/a:/b' }, only('/b/chromium-browser', '/a/google-chrome'))).toBe('/a/google-chrome');
    expect(findChromium({ PATH: '/a:/b' }, only('/b/chromium-browser'))).toBe('/b/chromium-browser');
  });

  it('says what to install or set when there is none', () => {
    expect(() => findChromium({ PATH: '/a' }, only())).toThrow(/apt-get install chromium\) or set CHROMIUM_PATH.*--open/);
  });
});

describe('headlessChromiumArgs', () => {
  it('starts headless in the given profile, tied to this process by its pipe, with no URL on the command line', () => {
    const args = headlessChromiumArgs('/p', false);
    expect(args).toEqual(expect.arrayContaining(['--headless', '--user-data-dir=/p', '--remote-debugging-pipe', '--no-startup-window']));
    expect(args.filter((arg) => !arg.startsWith('--'))).toEqual([]);
    expect(args).not.toContain('--no-sandbox');
  });

  it('turns the sandbox off only as root, where Chromium refuses it', () => {
    expect(headlessChromiumArgs('/p', true)).toContain('--no-sandbox');
  });
});

describe('redirectPage', () => {
  it('sends the browser on to the URL, query and all, as a page the URL cannot break out of', () => {
    const url = 'http://127.0.0.1:8768/lab/?token=ab12&path=a"<b>.ipynb';
    const html = redirectPage(url);
    const target = /<meta http-equiv="refresh" content="0;url=([^"]*)">/.exec(html)![1]!;
    expect(
      target
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&')
    ).toBe(url);
    expect(html).not.toContain('<b>');
  });
});

describe('openBrowser', () => {
  const PATH = process.env.PATH;
  let bin: string | undefined;
  afterEach(async () => {
    process.env.PATH = PATH;
    if (bin) await rm(bin, { recursive: true, force: true });
  });

  /** Opens the page with PATH holding only `xdg-open` (a script, if given): what it says went wrong. */
  async function failureWith(xdgOpen?: string): Promise<string> {
    bin = await mkdtemp(path.join(tmpdir(), 'open-browser-test-'));
    if (xdgOpen) {
      await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\n${xdgOpen}\n`);
      await chmod(path.join(bin, 'xdg-open'), 0o755);
    }
    process.env.PATH = bin;
    let told: (why: string) => void = () => {};
    const why = new Promise<string>((resolve) => (told = resolve));
    const removeFile = await openBrowser('http://127.0.0.1:1/lab/?token=s', (text) => told(text), 'linux');
    await removeFile();
    return why;
  }

  it('says so when the opener fails, in words for the person', async () => {
    expect(await failureWith('exit 3')).toBe(
      'xdg-open exited with code 3 (it found no program to open a web page with: no desktop browser?)'
    );
    expect(await failureWith('exit 7')).toBe('xdg-open exited with code 7');
  });

  it('says so when there is no opener at all', async () => {
    expect(await failureWith()).toMatch(/^xdg-open could not run \(spawn xdg-open ENOENT\)$/);
  });
});

describe('openThroughPipe', () => {
  const pipe = () => {
    const toChromium = new PassThrough();
    const fromChromium = new PassThrough();
    const written: string[] = [];
    toChromium.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    return { toChromium, fromChromium, written };
  };

  it('asks Chromium for a tab at the URL and waits for its answer, however the pipe splits it', async () => {
    const { toChromium, fromChromium, written } = pipe();
    const opened = openThroughPipe(toChromium, fromChromium, 'http://127.0.0.1:8768/lab/?token=s');
    expect(JSON.parse(written.join('').replace(/\0$/, ''))).toEqual({
      id: 1,
      method: 'Target.createTarget',
      params: { url: 'http://127.0.0.1:8768/lab/?token=s' }
    });
    fromChromium.write('{"method":"Target.targetCreated","params":{}}\0not json\0{"id":1,"res');
    fromChromium.write('ult":{"targetId":"T"}}\0');
    await expect(opened).resolves.toBeUndefined();
  });

  it("fails with Chromium's reason, or at once when the pipe closes first", async () => {
    const refused = pipe();
    const opened = openThroughPipe(refused.toChromium, refused.fromChromium, 'u');
    refused.fromChromium.write('{"id":1,"error":{"message":"Invalid URL"}}\0');
    await expect(opened).rejects.toThrow('Chromium could not open the lite page: Invalid URL');

    const gone = pipe();
    const never = openThroughPipe(gone.toChromium, gone.fromChromium, 'u', 60_000);
    gone.fromChromium.destroy();
    await expect(never).rejects.toThrow('Chromium closed its DevTools pipe before it opened the lite page');
  });
});
