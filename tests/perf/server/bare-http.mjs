// The floor mock-chat's cold start is held to (tests/perf/server/startup.ts): a bare node:http
// server on the port given as the first argument, answering every request with 200 and nothing
// else loaded. Its time to the first answer is Node's own start plus one module.
import { createServer } from 'node:http';

createServer((_req, res) => res.end('ok')).listen(Number(process.argv[2]), '127.0.0.1');
