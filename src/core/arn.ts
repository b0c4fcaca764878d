/**
 * Partitions, which ARNs and endpoint host names of every service depend on: `aws` in the commercial regions,
 * `aws-cn` in China, `aws-us-gov` in GovCloud (docs/aws-behaviour/templates.md §1.6).
 */
export function partitionOf(region: string): string {
  if (region.startsWith('cn-')) return 'aws-cn';
  if (region.startsWith('us-gov-')) return 'aws-us-gov';
  return 'aws';
}

/** The domain of the region's endpoints (`AWS::URLSuffix`): China regions are served from amazonaws.com.cn. */
export function urlSuffixOf(region: string): string {
  return partitionOf(region) === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
}
