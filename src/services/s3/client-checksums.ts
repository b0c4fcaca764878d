/**
 * What the client a command came from does about checksums (docs/aws-behaviour/s3.md §5.4): its
 * `requestChecksumCalculation` and `responseChecksumValidation`, read from its resolved config. The SDKs before these
 * settings (3.347.1 among them) have neither, and compute a checksum only for an algorithm the command names and ask
 * GetObject for one only with `ChecksumMode`: what `WHEN_REQUIRED` does for the operations the emulation answers.
 */

/** `WHEN_SUPPORTED` (the default since 3.729.0) or anything else, which the SDK reads as `WHEN_REQUIRED`. */
export interface ClientChecksums {
  /** Whether PutObject and UploadPart carry a CRC32 the command did not ask for. */
  readonly whenSupported: boolean;
  /** Whether GetObject asks for the object's checksum (`x-amz-checksum-mode: ENABLED`) unasked. */
  readonly validateWhenSupported: boolean;
}

const BY_DEFAULT: ClientChecksums = { whenSupported: true, validateWhenSupported: true };
const BEFORE_THE_SETTINGS: ClientChecksums = { whenSupported: false, validateWhenSupported: false };

/**
 * Microtask turns a setting's provider gets to settle, as for the client's region (sdk-reach.md §3.4): a value given
 * to the client or in the environment settles at once; one read from a profile file needs real I/O, which the command
 * does not wait for (it would let a fake-time advance pass it).
 */
const MICROTASK_TURNS = 50;

const known = new WeakMap<object, ClientChecksums | Promise<ClientChecksums>>();

/**
 * The client's checksum behaviour: at once after its first command, a promise for its first. **Emulation:** a setting
 * only a profile file holds is followed from the commands after the one that first read it; that one follows the
 * SDK's default, `WHEN_SUPPORTED`, as does a command whose client the plugin does not know.
 */
export function clientChecksums(config: object | undefined): ClientChecksums | Promise<ClientChecksums> {
  if (config === undefined) return BY_DEFAULT;
  const found = known.get(config);
  if (found !== undefined) return found;
  const settings = config as Readonly<Record<string, unknown>>;
  if (!('requestChecksumCalculation' in settings) && !('responseChecksumValidation' in settings)) {
    known.set(config, BEFORE_THE_SETTINGS);
    return BEFORE_THE_SETTINGS;
  }
  const lookup = lookUp(config, settings);
  known.set(config, lookup);
  return lookup;
}

async function lookUp(config: object, settings: Readonly<Record<string, unknown>>): Promise<ClientChecksums> {
  let read: ClientChecksums | undefined;
  void Promise.all([
    supported(settings['requestChecksumCalculation']),
    supported(settings['responseChecksumValidation']),
  ]).then(([whenSupported, validateWhenSupported]) => {
    read = { whenSupported, validateWhenSupported };
    known.set(config, read);
  });
  for (let turn = 0; turn < MICROTASK_TURNS && read === undefined; turn++) await null;
  if (read !== undefined) return read;
  return BY_DEFAULT;
}

/** Whether a setting (a provider in the resolved config) says `WHEN_SUPPORTED`; a provider that fails: the default. */
async function supported(setting: unknown): Promise<boolean> {
  try {
    const value: unknown = typeof setting === 'function' ? await (setting as () => unknown)() : setting;
    return value === undefined || value === 'WHEN_SUPPORTED';
  } catch {
    return true;
  }
}
