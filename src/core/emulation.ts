/**
 * What a service's emulation is to the front doors that drive it (the SDK plugin, src/plugin/plugin.ts; the HTTP
 * server, src/server/) and to the facades that are SDK plugins: an action name and its input in, an output out, and the
 * stack a facade adds itself to. A leaf of the core: it names no service and no front door.
 */
import type { ServiceSdk } from './service-module.js';
import type { CommandInterceptor, RequestContext } from './request-context.js';

/** A service emulation as the front doors drive it: an action name and its input in, an output out. */
export interface ServiceEmulation {
  /** The service's SDK: its client's name, its package, its exceptions. */
  readonly sdk: ServiceSdk;
  /** Consulted before every action: the faults a test injected (src/core/faults). */
  readonly interceptor?: CommandInterceptor;
  handle(action: string, input: unknown, request: RequestContext): Promise<object> | object;
  /**
   * The SDK's own checks that come before its serializer (its endpoint rules: docs/aws-behaviour/sdk.md §3.5), run by
   * the plugin before anything else; they throw what the SDK throws. `region`: the client's, where already known.
   */
  readonly beforeSerializer?: (input: unknown, clientConfig: object | undefined, region: string) => void;
}

/** The part of the SDK's MiddlewareStack a plugin needs; structurally compatible with `Pluggable`. */
export interface MiddlewareStackLike {
  add(middleware: unknown, options: object): void;
}

/** What `client.middlewareStack.use(aws.sqs)` takes: a facade is one, through the plugin the account hands it. */
export interface SdkPlugin {
  applyToStack(stack: MiddlewareStackLike): void;
}

/**
 * How a service's facade becomes an SDK plugin: the account hands each service this (ServiceContext's `plugIn`),
 * which makes the SDK plugin's middleware for the emulation (src/plugin/plugin.ts), so that no service imports a front
 * door.
 */
export type PlugIn = (emulation: ServiceEmulation) => SdkPlugin;
