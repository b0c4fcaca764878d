export { Journey } from './journey.js';
export { JourneyRecorder, DEFAULT_JOURNEY_STEPS, type AccountSources } from './recorder.js';
export {
  STEP_KINDS,
  bodyPreview,
  shortName,
  type JourneyService,
  type JourneyStep,
  type JourneyStepKind,
  type RecordedStep,
  type StepReading,
  type StepError,
  type WrappedErrors,
} from './step.js';
export { stepErrorOf } from './wrapped-errors.js';
export { journeyVocabulary, type JourneyNouns, type JourneyVocabulary } from './vocabulary.js';
