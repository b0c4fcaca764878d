export { Journey } from './journey.js';
export { JourneyRecorder, DEFAULT_JOURNEY_STEPS, type AccountSources } from './recorder.js';
export {
  STEP_KINDS,
  bodyPreview,
  shortName,
  type JourneyService,
  type JourneyStep,
  type JourneyStepKind,
  type PlaceName,
  type RecordedStep,
  type StepError,
  type WrappedErrors,
} from './step.js';
export { stepErrorOf } from './wrapped-errors.js';
