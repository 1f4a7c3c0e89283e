"""Serves the JupyterLab test page (built into build/ by `pnpm build`) on loopback.

Runs on Debian's jupyter_server 1.23 + jupyterlab_server 2.16 (JupyterLab itself is
not a Debian package: its frontend is the npm build), set up by serve_common.py.
Prebuilt labextensions are loaded as JupyterLab loads them: from every
`jupyter_path('labextensions')` folder, so set JUPYTER_DATA_DIR to the folder that
holds the ones to load.

    /usr/bin/python3 serve.py --root-dir DIR --user-settings-dir DIR --workspaces-dir DIR [--port N]

Once listening it prints `JupyterLab test page ready at <url>` on stdout.
"""

from pathlib import Path

from serve_common import TestPageApp, serve


class JupyterLabPageApp(TestPageApp):
    name = "jupyterlab_test_page"
    app_name = "JupyterLab"


def _jupyter_server_extension_points():
    # jupyter_server loads an extension app by importing its class's module and
    # calling this hook; run as a script, the module is __main__.
    return [{"module": "__main__", "app": JupyterLabPageApp}]


if __name__ == "__main__":
    serve(
        JupyterLabPageApp,
        title="JupyterLab",
        description=__doc__.split("\n\n")[0],
        page_dir=Path(__file__).resolve().parent,
        template="index.html",
        package="@jupyter-live-mcp/test-page-jupyterlab",
        path="/lab",
    )
