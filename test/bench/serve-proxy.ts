import http from 'node:http';

/**
 * The one address in front of several API instances (the two-instance scenarios): a tiny HTTP
 * proxy, round-robin per request, keep-alive to each instance. The instances' URLs are the
 * arguments. Prints its URL on stdout.
 */
const targets = process.argv.slice(2).map((url) => new URL(url));
if (targets.length === 0) throw new Error('usage: serve-proxy.ts <instance url>...');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = http.createServer((req, res) => {
  const target = targets[next];
  next = (next + 1) % targets.length;
  if (!target) return;
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address)
    process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
