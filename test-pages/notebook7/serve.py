"""Serves the Notebook 7 test page (built into build/ by `pnpm build`) on loopback.

Runs on Debian's jupyter_server 1.23 + jupyterlab_server 2.16, as the JupyterLab test
page does (its serve.py provides the stand-in handlers and the server options; this
file adds Notebook's pages). Notebook's own Python app is not used: it needs the
`jupyterlab` and `notebook_shim` packages, which Debian lacks. Prebuilt labextensions
are loaded from every `jupyter_path('labextensions')` folder, so set JUPYTER_DATA_DIR
to the folder that holds the ones to load.

    /usr/bin/python3 serve.py --root-dir DIR --user-settings-dir DIR --workspaces-dir DIR [--port N]

Pages: /tree[/<dir>] (file browser), /notebooks/<path> (one notebook per browser
tab), /edit/<path> (text editor), /consoles/<path>. Once listening it prints
`Notebook 7 test page ready at <url of /tree>` on stdout.
"""

import argparse
import importlib.util
import signal
import sys
from pathlib import Path

PAGE_DIR = Path(__file__).resolve().parent


def _load_jupyterlab_page():
    # Imported by path: both pages' files are called serve.py.
    path = PAGE_DIR.parent / "jupyterlab" / "serve.py"
    spec = importlib.util.spec_from_file_location("jupyterlab_test_page", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


jupyterlab_page = _load_jupyterlab_page()

from jupyter_server.utils import ensure_async, url_escape, url_path_join  # noqa: E402
from jupyterlab_server.handlers import LabHandler  # noqa: E402
from tornado import web  # noqa: E402
from traitlets import Unicode  # noqa: E402


class NotebookPageHandler(LabHandler):
    """Renders page.html with JupyterLab's page config (URLs, prebuilt extensions,
    page_config.json) plus `notebookPage`, which picks the page's plugins."""

    page = ""
    favicon = "favicon.ico"

    def render_page(self, **options):
        page_config = {**self.get_page_config(), "notebookPage": self.page, **options}
        self.write(self.render_template("page.html", page_config=page_config, favicon=self.favicon))

    def redirect_to(self, *parts):
        self.redirect(url_path_join(self.base_url, *parts))


class TreeHandler(NotebookPageHandler):
    page = "tree"

    @web.authenticated
    async def get(self, path=""):
        path = path.strip("/")
        cm = self.contents_manager
        if await ensure_async(cm.dir_exists(path)):
            return self.render_page(treePath=path)
        if await ensure_async(cm.file_exists(path)):
            # As Notebook does: a notebook opens in its own page, other files raw.
            model = await ensure_async(cm.get(path, content=False))
            route = "notebooks" if model["type"] == "notebook" else "files"
            return self.redirect_to(route, url_escape(path))
        raise web.HTTPError(404, f"{path} does not exist")


class NotebookHandler(NotebookPageHandler):
    page = "notebooks"
    favicon = "favicon-notebook.ico"

    @web.authenticated
    async def get(self, path=""):
        path = path.strip("/")
        if await ensure_async(self.contents_manager.dir_exists(path)):
            return self.redirect_to("tree", url_escape(path))
        self.render_page()


class EditHandler(NotebookPageHandler):
    page = "edit"
    favicon = "favicon-file.ico"

    @web.authenticated
    def get(self, path=""):
        self.render_page()


class ConsoleHandler(NotebookPageHandler):
    page = "consoles"

    @web.authenticated
    def get(self, path=""):
        self.render_page()


class Notebook7PageApp(jupyterlab_page.TestPageApp):
    """The JupyterLab page's app (stand-in handlers, no other server extensions,
    configured through --TestPageApp.*), serving Notebook's pages instead of /lab."""

    name = "notebook7_test_page"
    app_name = "Jupyter Notebook"
    # The page's appVersion (Notebook's, not the inherited JupyterLab one) comes from
    # build/settings/page_config.json, which the build writes from the npm package.
    default_url = Unicode("/tree")

    def initialize_handlers(self):
        super().initialize_handlers()
        self.handlers.extend(
            [
                ("/tree(.*)", TreeHandler),
                ("/notebooks(.*)", NotebookHandler),
                ("/edit(.*)", EditHandler),
                ("/consoles(.*)", ConsoleHandler),
            ]
        )


def _jupyter_server_extension_points():
    # jupyter_server loads an extension app by importing its module and calling this
    # hook; run as a script, the module is __main__.
    return [{"module": "__main__", "app": Notebook7PageApp}]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root-dir", required=True, help="folder the file browser shows")
    parser.add_argument("--user-settings-dir", required=True)
    parser.add_argument("--workspaces-dir", required=True)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument(
        "--parent-pid", type=int, help="stop (with the kernels) once this parent process is gone"
    )
    parser.add_argument(
        "--app-dir", default=str(PAGE_DIR / "build"), help="the built app (default: build/)"
    )
    return parser.parse_args()


def main():
    args = parse_args()
    template = Path(args.app_dir) / "static" / "page.html"
    if not template.is_file():
        sys.exit(
            f"Notebook 7 test page: {template} is missing. Build the app first: "
            "scripts/pnpm --filter @jupyter-live-mcp/test-page-notebook7 build"
        )
    serverapp = Notebook7PageApp.initialize_server(argv=jupyterlab_page.server_argv(args))
    # With --port 0 the OS picked the port; tornado keeps the bound socket privately.
    serverapp.port = next(iter(serverapp.http_server._sockets.values())).getsockname()[1]
    # Ctrl-C when started by hand: stop like on SIGTERM, shutting the kernels down.
    signal.signal(signal.SIGINT, serverapp._signal_stop)
    if args.parent_pid is not None:
        jupyterlab_page.stop_when_orphaned(serverapp, args.parent_pid)
    print(f"Notebook 7 test page ready at http://127.0.0.1:{serverapp.port}/tree", flush=True)
    serverapp.start()


if __name__ == "__main__":
    main()
