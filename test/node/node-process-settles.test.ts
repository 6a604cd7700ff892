// In Node, an awaited request settles even when nothing else keeps the process alive: the
// timer of a retry stands between a caller and its answer, so it keeps the process running
// (a poll's timer does not). Checked in a real child process against a real local server.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {once} from 'node:events';
import {join} from 'node:path';

test('a script that awaits a fetch against a failing server gets the rejection after the retries', async () => {
  let requests = 0;
  // Every answer closes its connection: no socket is left to keep the child alive between tries.
  const server = createServer((_request, response) => {
    requests++;
    response.writeHead(503, {'content-type': 'text/plain', connection: 'close'});
    response.end('down for maintenance');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as AddressInfo;
  try {
    const script = join(process.cwd(), 'test/fixtures/await-failing-fetch.ts');
    const {code, stdout, stderr} = await new Promise<{code: number | null; stdout: string; stderr: string}>(resolve => {
      execFile(process.execPath, ['--import', 'tsx', script, `http://127.0.0.1:${port}`], {timeout: 30_000}, (error, stdout, stderr) =>
        resolve({code: error ? ((error as {code?: number}).code ?? null) : 0, stdout, stderr}),
      );
    });
    assert.equal(code, 0, `the script ran to its end (stderr: ${stderr})`);
    assert.match(stdout, /^rejected: GET .*\/status failed with status 503/m);
    assert.equal(requests, 3, 'the first try and two retries');
  } finally {
    server.close();
  }
});
