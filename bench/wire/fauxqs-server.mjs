// fauxqs 2.4.1 (bench/peers/), for the wire figures (bench/wire.mts): run with Node >= 22.5, which it needs.
//   <node 22> bench/wire/fauxqs-server.mjs      prints "listening http://127.0.0.1:<port>"
const { startFauxqs } = await import(new URL('../peers/node_modules/fauxqs/dist/app.js', import.meta.url).href);
const server = await startFauxqs({ port: 0, logger: false });
console.log(`listening ${server.address}`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
