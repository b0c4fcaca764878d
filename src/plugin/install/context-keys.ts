/**
 * The keys under which the command hook (command-hook.ts) hands the plugin (src/plugin/plugin.ts) what the SDK's own
 * handler context does not hold: a leaf, so that the hook and what it calls both read them.
 */

/** The client's resolved config, for the plugin's region (docs/aws-behaviour/sdk-reach.md §3.5). */
export const CLIENT_CONFIG = 'sqsSnsMock:clientConfig';
/**
 * And the client's middleware stack, whose retry middleware sees the errors the mock answers (src/plugin/sdk-retries).
 */
export const CLIENT_STACK = 'sqsSnsMock:clientStack';
/**
 * The SDK package a hosted command's class comes from: the plugin makes an answered error of that copy's exception
 * classes (hosted-commands.ts, docs/aws-behaviour/wire.md §14.7).
 */
export const CLIENT_SDK = 'sqsSnsMock:clientSdk';
/** And, in the old SDKs, the command's, which holds their serializer (src/plugin/sdk-serializer.ts). */
export const COMMAND_STACK = 'sqsSnsMock:commandStack';
