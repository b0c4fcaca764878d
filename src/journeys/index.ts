export { Journey } from './journey.js';
export { JourneyRecorder, DEFAULT_JOURNEY_STEPS } from './recorder.js';
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
} from './step.js';
