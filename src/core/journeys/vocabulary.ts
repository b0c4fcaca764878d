/**
 * How journeys speak of the account's services. Each service's descriptor declares its own nouns
 * (`ServiceModule.journey`, src/core/service-module.ts); the account builds the vocabulary from its service list, so
 * the journey code names no service.
 */
import type { JourneyService } from './step.js';

/** How journeys speak of one service. */
export interface JourneyNouns {
  /** What the `source` of a step it records is, in the step's detail: SNS's `delivered` reads `from topic orders`. */
  readonly sourceNoun: string;
  /**
   * Whether a message another service hands it (an ARN of its own as a rule's or schedule's target) goes on in steps
   * it records itself: the hand-over's step then names it as the endpoint, and a diagram draws the arrow into it.
   */
  readonly recordsWhatItReceives: boolean;
  /**
   * The input members that name what one of its calls aims at, most specific first: a refused call's step is placed
   * at the first given (`QueueUrl`), else at `(no target)`.
   */
  readonly targetMembers: readonly string[];
}

/** A service as its descriptor names it, for the vocabulary. */
export interface NamedService {
  readonly key: JourneyService;
  readonly arnService: string;
  readonly sdk: { readonly service: string };
  readonly journey: JourneyNouns;
}

/** The account's services as journeys name them. */
export interface JourneyVocabulary {
  /** What the `source` of a step recorded by `service` is. */
  sourceNoun(service: JourneyService): string;
  /** The service a message handed to an ARN of this service segment goes on in, if that service records it. */
  endpointService(arnService: string | undefined): JourneyService | undefined;
  /** A service as the SDK names it (`SQS`): the service its steps are recorded under. */
  serviceNamed(sdkService: string): JourneyService;
  /** The input members that name what a call of `service` aims at, most specific first. */
  targetMembers(service: JourneyService): readonly string[];
}

export function journeyVocabulary(services: readonly NamedService[]): JourneyVocabulary {
  const nouns = new Map(services.map((service) => [service.key, service.journey.sourceNoun]));
  const endpoints = new Map(
    services
      .filter((service) => service.journey.recordsWhatItReceives)
      .map((service) => [service.arnService, service.key]),
  );
  const named = new Map(services.map((service) => [service.sdk.service, service.key]));
  const targets = new Map(services.map((service) => [service.key, service.journey.targetMembers]));
  return {
    sourceNoun: (service) => nouns.get(service) ?? service,
    endpointService: (arnService) => (arnService === undefined ? undefined : endpoints.get(arnService)),
    serviceNamed(sdkService) {
      const key = named.get(sdkService);
      if (key === undefined) throw new Error(`sqs-sns-mock: no service of the account is named ${sdkService}`);
      return key;
    },
    targetMembers: (service) => targets.get(service) ?? [],
  };
}
