// How the build scripts here and the test pages' scripts end.

/** Runs a script's main, reporting a failure by its message and exit code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
