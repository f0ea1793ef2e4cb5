import { isVersionRequest, VERSION } from './app/version';

// `simsvc … | head` closes stdout early: that ends the command, it is no error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const argv = process.argv.slice(2);
if (isVersionRequest(argv)) process.stdout.write(`${VERSION}\n`);
else
  // Loaded only now (kept in the bundle, evaluated on demand): --version evaluates none of it.
  void import(/* webpackMode: "eager" */ './app/program')
    .then(({ runProgram }) =>
      runProgram(argv, {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
      }),
    )
    .then((code) => {
      process.exitCode = code;
    });
