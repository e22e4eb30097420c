// A bare Node HTTP server answering the bytes of BENCH_BODY_FILE from memory (the bench's yardstick).
const { readFileSync } = require('node:fs');
const http = require('node:http');

const body = readFileSync(process.env.BENCH_BODY_FILE);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
