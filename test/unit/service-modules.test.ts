/**
 * Each service's module carries everything about the service (CONTRIBUTING.md, "How to add a service"): a module
 * missing a piece is named by the compiler (the `@ts-expect-error` lines below fail the typecheck if it is not), and
 * what its lazily loaded pieces declare agrees with its action registry.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_MODULES } from '../../src/account/services.js';
import type { ServiceModule } from '../../src/core/service-module.js';
import type { DeliveryPort } from '../../src/core/delivery.js';
import { sqsModule } from '../../src/services/sqs/module.js';

type AnyModule = ServiceModule<string, string, never, never, unknown, unknown, DeliveryPort>;

describe('service modules', () => {
  it('are refused by the compiler without their resource types, wire binding, SDK or journey nouns', () => {
    const whole: AnyModule = sqsModule;
    const { wire: _wire, ...withoutWire } = sqsModule;
    const { resourceTypes: _types, ...withoutResourceTypes } = sqsModule;
    const { sdk: _sdk, ...withoutSdk } = sqsModule;
    const { journey: _journey, ...withoutJourney } = sqsModule;
    // @ts-expect-error a module without its wire binding is not a ServiceModule
    const noWire: AnyModule = withoutWire;
    // @ts-expect-error a module without its CloudFormation resource types is not a ServiceModule
    const noTypes: AnyModule = withoutResourceTypes;
    // @ts-expect-error a module without its SDK is not a ServiceModule
    const noSdk: AnyModule = withoutSdk;
    // @ts-expect-error a module without its journey nouns is not a ServiceModule
    const noJourney: AnyModule = withoutJourney;
    expect([whole, noWire, noTypes, noSdk, noJourney]).toHaveLength(5);
  });

  it('each own their key and their ARN service', () => {
    expect(new Set(SERVICE_MODULES.map(({ key }) => key)).size).toBe(SERVICE_MODULES.length);
    expect(new Set(SERVICE_MODULES.map(({ arnService }) => arnService)).size).toBe(SERVICE_MODULES.length);
  });

  it.each(SERVICE_MODULES.map((service) => [service.key, service] as const))(
    '%s: its resource types are its own, by CloudFormation type name',
    (_key, service) => {
      const types = Object.keys(service.resourceTypes());
      expect(types.length).toBeGreaterThan(0);
      for (const type of types) expect(type).toMatch(/^(AWS::\w+::\w+|Custom::\w+)$/);
    },
  );

  it.each(SERVICE_MODULES.map((service) => [service.key, service] as const))(
    '%s: its wire binding names only actions of its registry',
    (_key, service) => {
      const binding = service.wire();
      expect(binding.json ?? binding.rest ?? binding.query ?? binding.restXml).toBeDefined();
      const actions = new Set(Object.keys(service.actions));
      const named = [
        ...(binding.rest?.routes.map((route) => route.action) ?? []),
        ...(binding.restXml?.routes.map((route) => route.action) ?? []),
        ...Object.keys(binding.query?.spec.actions ?? {}),
        ...Object.keys(binding.rest?.inputShapes ?? {}),
      ];
      expect(named.filter((action) => !actions.has(action))).toEqual([]);
    },
  );

  it('declare Lambda triggers by distinct principals', () => {
    const principals = SERVICE_MODULES.flatMap((service) =>
      'lambdaTrigger' in service ? [service.lambdaTrigger.principal] : [],
    );
    expect(principals).toEqual([
      'sns.amazonaws.com',
      'events.amazonaws.com',
      'scheduler.amazonaws.com',
      's3.amazonaws.com',
    ]);
  });
});
