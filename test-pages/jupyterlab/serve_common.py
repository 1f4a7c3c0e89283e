"""What the JupyterLab and Notebook 7 test pages' serve.py share: Debian's
jupyter_server 1.23 + jupyterlab_server 2.16 with stand-ins for the APIs JupyterLab 4
expects of a newer server, the server options, and the start-up both pages follow."""

import argparse
import json
import os
import signal
import sys
from pathlib import Path

try:
    from jupyter_server.base.handlers import APIHandler
    from jupyterlab_server import LabServerApp
    from tornado import ioloop, web, websocket
    import ipykernel  # noqa: F401  (the page's python3 kernel)
except ImportError as error:
    sys.exit(
        f"Test page: {error}. Run it with /usr/bin/python3 (Debian's), after: "
        "apt-get install -y python3-jupyter-server python3-jupyterlab-server python3-ipykernel"
    )

JUPYTERLAB_VERSION = "4.6.4"


class MeStandIn(APIHandler):
    """JupyterLab 4 asks who the user is; jupyter_server 1.23 has no identity API."""

    @web.authenticated
    def get(self):
        identity = {
            "username": "anonymous",
            "name": "Anonymous",
            "display_name": "Anonymous",
            "initials": "A",
            "avatar_url": None,
            "color": None,
        }
        self.finish(json.dumps({"identity": identity, "permissions": {}}))


class LspStatusStandIn(APIHandler):
    """No language servers: an empty status keeps the LSP plugin quiet."""

    @web.authenticated
    def get(self):
        self.finish(json.dumps({"version": 2, "sessions": {}, "specs": {}}))


class EventsStandIn(websocket.WebSocketHandler):
    """Server 1.23 has no event bus. JupyterLab retries (and logs an error) for as long
    as the socket is refused, so accept it and never send anything."""

    def on_message(self, message):
        pass


class TestPageApp(LabServerApp):
    """A page's server app, configured through --TestPageApp.* (see server_argv).
    Each page subclasses it in its serve.py, which jupyter_server loads it from."""

    app_version = JUPYTERLAB_VERSION
    # Only this page's handlers: the machine's other server extensions stay out.
    load_other_extensions = False

    def initialize_handlers(self):
        super().initialize_handlers()
        self.handlers.extend(
            [
                ("/api/me", MeStandIn),
                ("/api/events/subscribe", EventsStandIn),
                ("/lsp/status", LspStatusStandIn),
            ]
        )


def parse_args(description, page_dir):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--root-dir", required=True, help="folder the file browser shows")
    parser.add_argument("--user-settings-dir", required=True)
    parser.add_argument("--workspaces-dir", required=True)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument(
        "--ip",
        default="127.0.0.1",
        help="a loopback address to listen on (another, like 127.0.0.2, stands for another host)",
    )
    parser.add_argument(
        "--parent-pid", type=int, help="stop (with the kernels) once this parent process is gone"
    )
    parser.add_argument(
        "--app-dir", default=str(page_dir / "build"), help="the built app (default: build/)"
    )
    args = parser.parse_args()
    if not args.ip.startswith("127."):
        # The page has no token or password: nothing but this machine may reach it.
        parser.error(f"--ip must be a loopback address (127.x.x.x), not {args.ip}")
    return args


def server_argv(args):
    app = Path(args.app_dir).resolve()
    lab = "--TestPageApp."
    return [
        f"--ServerApp.ip={args.ip}",
        f"--ServerApp.port={args.port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.open_browser=False",
        "--ServerApp.allow_root=True",
        # No token or password: this is a test page on loopback only, opened by
        # tests and by the developer who started it.
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={args.root_dir}",
        f"{lab}static_dir={app / 'static'}",
        f"{lab}templates_dir={app / 'static'}",
        f"{lab}schemas_dir={app / 'schemas'}",
        f"{lab}themes_dir={app / 'themes'}",
        f"{lab}app_settings_dir={app / 'settings'}",
        f"{lab}user_settings_dir={args.user_settings_dir}",
        f"{lab}workspaces_dir={args.workspaces_dir}",
    ]


def stop_when_orphaned(serverapp, parent_pid):
    # The process that started the page may end without stopping it (killed, or a
    # Ctrl-C it does not handle): the page must not outlive it.
    def check():
        if os.getppid() != parent_pid:
            watchdog.stop()
            serverapp.log.info("The process that started the test page is gone: stopping")
            serverapp.stop()

    watchdog = ioloop.PeriodicCallback(check, 1000)
    watchdog.start()


def serve(app_class, *, title, description, page_dir, template, package, path):
    """Runs `app_class` on the command line's options until stopped; prints
    `<title> test page ready at <url of path>` once listening."""
    args = parse_args(description, page_dir)
    built = Path(args.app_dir) / "static" / template
    if not built.is_file():
        sys.exit(
            f"{title} test page: {built} is missing. Build the app first: "
            f"scripts/pnpm --filter {package} build"
        )
    serverapp = app_class.initialize_server(argv=server_argv(args))
    # With --port 0 the OS picked the port; tornado keeps the bound socket privately.
    serverapp.port = next(iter(serverapp.http_server._sockets.values())).getsockname()[1]
    # Ctrl-C when started by hand: stop like on SIGTERM, shutting the kernels down.
    signal.signal(signal.SIGINT, serverapp._signal_stop)
    if args.parent_pid is not None:
        stop_when_orphaned(serverapp, args.parent_pid)
    print(f"{title} test page ready at http://{args.ip}:{serverapp.port}{path}", flush=True)
    serverapp.start()
