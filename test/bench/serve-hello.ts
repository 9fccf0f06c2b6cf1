import Koa from 'koa';

/** The baseline: a bare Koa app answering a tiny JSON body. Prints its URL on stdout. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { respCode: 200, respDesc: '成功', attribute: { hello: 'world' } };
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address)
    process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
