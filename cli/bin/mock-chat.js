#!/usr/bin/env node
// The mock-chat bin: the compiled program in build/ (npm install builds it; so does npm run build).
try {
  await import('../../build/cli/mock-chat.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('build/cli/mock-chat.js')) {
    process.stderr.write('mock-chat: not built yet. Run `npm install` (or `npm run build`) in the package folder.\n');
    process.exitCode = 2;
  } else throw error;
}
