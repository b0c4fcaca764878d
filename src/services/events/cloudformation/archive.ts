import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';

/** CreateArchive's limit on a name (docs/aws-behaviour/eventbridge.md §16.1). */
const MAX_ARCHIVE_NAME = 48;

/**
 * `AWS::Events::Archive` (docs/aws-behaviour/eventbridge.md §16.5): CreateArchive of `SourceArn`'s bus, with its
 * pattern (an object or JSON text) and retention; `Ref` the archive's name, `GetAtt Arn` its ARN.
 */
const ARCHIVE_SCHEMA: PropertySchema = {
  properties: {
    ArchiveName: 'string',
    SourceArn: 'string',
    Description: 'string',
    EventPattern: 'json',
    RetentionDays: 'integerValue',
    KmsKeyIdentifier: 'string',
  },
  required: ['SourceArn'],
};

export const eventsArchive: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, ARCHIVE_SCHEMA);
    const name =
      (properties['ArchiveName'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_ARCHIVE_NAME);
    const backend = context.internals.events.backend;
    if (backend.archives(context.region).has(name)) throw alreadyExists(request, name, 'ArchiveName');
    const { ArchiveArn } = callService(request, () =>
      EVENTS_ACTIONS.CreateArchive.handler(
        backend,
        {
          ArchiveName: name,
          EventSourceArn: properties['SourceArn'] as string,
          Description: properties['Description'] as string | undefined,
          EventPattern: properties['EventPattern'] as string | undefined,
          RetentionDays: properties['RetentionDays'] as number | undefined,
          KmsKeyIdentifier: properties['KmsKeyIdentifier'] as string | undefined,
        },
        callContext(context),
      ),
    );
    return {
      ref: name,
      attributes: { Arn: ArchiveArn, ArchiveName: name },
      namedArn: ArchiveArn,
      undo: () => {
        const archive = backend.archives(context.region).get(name);
        if (archive) backend.deleteArchive(archive);
      },
    };
  },
};
