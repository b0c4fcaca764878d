export { AwsMock, createAwsMock, type AwsMockOptions } from './account/aws-mock.js';
export { NotEmulatedError } from './core/aws-error.js';
export type { InjectedClock } from './core/clock.js';
export type { MiddlewareStackLike } from './core/emulation.js';
export { SqsMock } from './services/sqs/sqs-mock.js';
export { SnsMock } from './services/sns/sns-mock.js';
export { MessageView, QueueView } from './services/sqs/views.js';
export type { MessageState } from './services/sqs/messages/message.js';
export type { MessageAttributeValue } from './core/messages/md5.js';
export type { HonestOptions } from './services/sqs/honest-delivery.js';
export { TopicView, PublishedView, PlatformEndpointView } from './services/sns/views.js';
export type { SmsView, PushView } from './services/sns/views.js';
export type { Delivery } from './services/sns/published.js';
export type { PolicyMode } from './core/policies/mode.js';
export type { DeliveryVerdict } from './core/policies/sns-delivery.js';
export type { DeliveryProblem } from './core/policies/delivery-problems.js';
export { mockSqs, mockSns, type MockOptions } from './account/shorthand.js';
export type { FaultControls } from './core/faults/controls.js';
export type { SqsAction, SqsBatchAction, SqsErrorName } from './services/sqs/fault-names.js';
export type { SnsAction, SnsBatchAction, SnsErrorName } from './services/sns/fault-names.js';
export type { FaultErrorOptions } from './core/faults/catalogue.js';
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
} from './core/faults/types.js';
export type { InstallHandle } from './plugin/install/install.js';
export { LambdaMock } from './services/lambda/lambda-mock.js';
export { FunctionView } from './services/lambda/views.js';
export type {
  Invocation,
  InvocationOutcome,
  InvocationTrigger,
  LateCommand,
} from './services/lambda/lambda-function.js';
export type { FunctionCode, ModuleLoader } from './services/lambda/sandbox/function-code.js';
export { LateCommandError } from './core/invocation/late-commands.js';
export type { CreateFunctionOptions } from './services/lambda/function-options.js';
export type { LambdaHandler, LambdaContext, LambdaErrorPayload } from './services/lambda/handler-contract.js';
export type { RunUntilIdleOptions } from './core/work/work-tracker.js';
export { Stack, type ProvisionOptions, type SkippedResource } from './templates/stack.js';
export { TemplateError } from './core/provisioning/resource-type.js';
export type { GivenParameter } from './templates/engine/parameters.js';
export { MappingView } from './services/lambda/esm/view.js';
export { EventsMock } from './services/events/events-mock.js';
export { BusView, RuleView, type EventRecord } from './services/events/views.js';
export { ArchiveView, ReplayView } from './services/events/archive-views.js';
export type { Route } from './services/events/event.js';
export { ApiDestinationView } from './services/events/api-destination-view.js';
export type { ApiAnswer, ApiCall, ApiRequest, ApiResponder } from './services/events/api-destinations.js';
export type { RuleState } from './services/events/bus.js';
export { SchedulerMock } from './services/scheduler/scheduler-mock.js';
export { ScheduleView, type FiredRecord } from './services/scheduler/views.js';
export type { ScheduleState } from './services/scheduler/schedule.js';
export { SfnMock } from './services/sfn/sfn-mock.js';
export { ExecutionView, StateMachineView, type StateRecord } from './services/sfn/views.js';
export type { ExecutionStatus } from './services/sfn/engine/execution.js';
export type { HistoryEvent } from './services/sfn/engine/history.js';
export type { StateMachineType } from './services/sfn/models.js';
export type { MappingState } from './services/lambda/esm/mapping.js';
export type { MappingInput } from './services/lambda/esm/mapping-settings.js';
export { S3Mock } from './services/s3/s3-mock.js';
export { BucketView, ObjectView, type BucketEventView, type NotificationDeliveryView } from './services/s3/views.js';
export { Journey } from './core/journeys/journey.js';
export type { JourneyService, JourneyStep, JourneyStepKind, StepError } from './core/journeys/step.js';
