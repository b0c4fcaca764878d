/** `sqs-sns-mock/server`: the emulation behind one HTTP port (docs/aws-behaviour/wire.md). */
export { startServer, type MockServer, type ServerOptions } from './server.js';
export type { ServerClock } from './clock-control.js';
export type { CorsOption } from './cors.js';
export {
  controlClient,
  type ControlClient,
  type ServerJourney,
  type ServerStack,
  type ServerState,
} from './control-client.js';
