import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { S3_ACTIONS } from '../actions/index.js';
import type { WithS3 } from '../internals.js';

/**
 * `AWS::S3::BucketPolicy` (docs/aws-behaviour/s3.md §4.2): the policy put on the bucket, where GetBucketPolicy answers
 * it; stored, not enforced. `Ref` the bucket's name (UNVERIFIED for newer schemas).
 */
const BUCKET_POLICY_SCHEMA: PropertySchema = {
  properties: { Bucket: 'string', PolicyDocument: 'json' },
  required: ['Bucket', 'PolicyDocument'],
};

export const s3BucketPolicy: ResourceType<WithS3> = {
  create(request: ResourceRequest, context: ProvisionContext<WithS3>): CreatedResource {
    const { Bucket, PolicyDocument } = readProperties(request, BUCKET_POLICY_SCHEMA);
    const backend = context.internals.s3.backend;
    const name = Bucket as string;
    const before = backend.find(name)?.policy;
    callService(request, () =>
      S3_ACTIONS.PutBucketPolicy.handler(backend, { Bucket: name, Policy: PolicyDocument as string }),
    );
    return {
      ref: name,
      attributes: {},
      undo: () => {
        const bucket = backend.find(name);
        if (bucket) bucket.policy = before;
      },
    };
  },
};
