// The protocol floor of the wire figures (bench/wire.mts): a bare Node HTTP server that reads each request's body and
// answers SQS's AWS JSON 1.0 with a canned response per action, one that passes the SDK's own MD5 checks. Whatever the
// SDK and loopback HTTP cost per call, this pays too; nothing else.
//   node bench/wire/floor-server.mjs      prints "listening http://127.0.0.1:<port>"
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

const BODY = process.env.BENCH_BODY ?? 'hello';
const MD5 = createHash('md5').update(BODY).digest('hex');
const MESSAGE_ID = '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11';
const ANSWERS = {
  CreateQueue: { QueueUrl: 'http://127.0.0.1/000000000000/q' },
  SendMessage: { MessageId: MESSAGE_ID, MD5OfMessageBody: MD5 },
  SendMessageBatch: { Successful: [], Failed: [] },
  ReceiveMessage: { Messages: [{ MessageId: MESSAGE_ID, ReceiptHandle: 'AQEBx', MD5OfBody: MD5, Body: BODY }] },
  DeleteMessage: {},
};
const bodies = Object.fromEntries(Object.entries(ANSWERS).map(([action, answer]) => [action, JSON.stringify(answer)]));

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const action = String(req.headers['x-amz-target'] ?? '').slice('AmazonSQS.'.length);
    res.writeHead(200, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': '00000000-0000-4000-8000-000000000000',
    });
    res.end(bodies[action] ?? '{}');
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
