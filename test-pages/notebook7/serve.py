"""Serves the Notebook 7 test page (built into build/ by `pnpm build`) on loopback.

Runs on Debian's jupyter_server 1.23 + jupyterlab_server 2.16, as the JupyterLab test
page does (../jupyterlab/serve_common.py provides the stand-in handlers, the server
options and the start-up; this file adds Notebook's pages). Notebook's own Python app
is not used: it needs the `jupyterlab` and `notebook_shim` packages, which Debian
lacks. Prebuilt labextensions are loaded from every `jupyter_path('labextensions')`
folder, so set JUPYTER_DATA_DIR to the folder that holds the ones to load.

    /usr/bin/python3 serve.py --root-dir DIR --user-settings-dir DIR --workspaces-dir DIR [--port N]

Pages: /tree[/<dir>] (file browser), /notebooks/<path> (one notebook per browser
tab), /edit/<path> (text editor), /consoles/<path>. Once listening it prints
`Notebook 7 test page ready at <url of /tree>` on stdout.
"""

import sys
from pathlib import Path

PAGE_DIR = Path(__file__).resolve().parent
# serve_common, shared with the JupyterLab page, sits beside that page's serve.py.
sys.path.insert(0, str(PAGE_DIR.parent / "jupyterlab"))

from serve_common import TestPageApp, serve  # noqa: E402
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


class Notebook7PageApp(TestPageApp):
    """The test pages' app (stand-in handlers, no other server extensions, configured
    through --TestPageApp.*), serving Notebook's pages instead of /lab."""

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


if __name__ == "__main__":
    serve(
        Notebook7PageApp,
        title="Notebook 7",
        description=__doc__.split("\n\n")[0],
        page_dir=PAGE_DIR,
        template="page.html",
        package="@jupyter-live-mcp/test-page-notebook7",
        path="/tree",
    )
