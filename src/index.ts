export { AwsMock, createAwsMock, type AwsMockOptions } from './aws-mock.js';
export { NotEmulatedError } from './aws-error.js';
export type { InjectedClock } from './clock.js';
export type { MiddlewareStackLike } from './plugin.js';
export { SqsMock } from './sqs/sqs-mock.js';
export { SnsMock } from './sns/sns-mock.js';
export { MessageView, QueueView } from './sqs/views.js';
export type { MessageState } from './sqs/messages/message.js';
export type { MessageAttributeValue } from './sqs/md5.js';
export type { HonestOptions } from './sqs/honest-delivery.js';
export { TopicView, PublishedView } from './sns/views.js';
export type { Delivery } from './sns/published.js';
export type { PolicyMode } from './policies/mode.js';
export type { DeliveryVerdict } from './policies/sns-delivery.js';
export type { DeliveryProblem } from './policies/delivery-problems.js';
export { mockSqs, mockSns, type MockOptions } from './shorthand.js';
export type { FaultControls } from './faults/controls.js';
export type { SqsAction, SqsBatchAction, SqsErrorName } from './sqs/fault-names.js';
export type { SnsAction, SnsBatchAction, SnsErrorName } from './sns/fault-names.js';
export type { FaultErrorOptions } from './faults/catalogue.js';
export type {
  FaultHandle,
  FaultInput,
  FaultMatch,
  FaultErrorName,
  FailOptions,
  FailNextOptions,
  DelayOptions,
  FailEntriesOptions,
  EntrySelector,
} from './faults/types.js';
export type { InstallHandle } from './install/install.js';
export { LambdaMock } from './lambda/lambda-mock.js';
export { FunctionView } from './lambda/views.js';
export type { Invocation, InvocationOutcome, InvocationTrigger, LateCommand } from './lambda/lambda-function.js';
export type { FunctionCode, ModuleLoader } from './lambda/sandbox/function-code.js';
export { LateCommandError } from './lambda/sandbox/late-commands.js';
export type { CreateFunctionOptions } from './lambda/function-options.js';
export type { LambdaHandler, LambdaContext, LambdaErrorPayload } from './lambda/handler-contract.js';
export type { RunUntilIdleOptions } from './work/work-tracker.js';
export { Stack, type ProvisionOptions, type SkippedResource } from './templates/stack.js';
export { TemplateError } from './templates/resource-type.js';
export type { GivenParameter } from './templates/engine/parameters.js';
export { MappingView } from './lambda/esm/view.js';
export { EventsMock } from './events/events-mock.js';
export { BusView, RuleView, type EventRecord } from './events/views.js';
export type { Route } from './events/event.js';
export type { RuleState } from './events/bus.js';
export { SchedulerMock } from './scheduler/scheduler-mock.js';
export { ScheduleView, type FiredRecord } from './scheduler/views.js';
export type { ScheduleState } from './scheduler/schedule.js';
export type { MappingState } from './lambda/esm/mapping.js';
export type { MappingInput } from './lambda/esm/mapping-settings.js';
export { Journey } from './journeys/journey.js';
export type { JourneyService, JourneyStep, JourneyStepKind, StepError } from './journeys/step.js';
