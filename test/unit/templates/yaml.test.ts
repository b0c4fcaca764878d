import { describe, expect, it } from 'vitest';
import { parseYamlTemplate } from '../../../src/templates/yaml.js';
import { templateErrorOf } from './fake-types.js';

describe('YAML short forms (docs/aws-behaviour/templates.md §7.1)', () => {
  it('reads every short form as its long form, nested ones included', () => {
    const template = parseYamlTemplate(`
AWSTemplateFormatVersion: 2010-09-09
Parameters:
  Flag:
    Type: String
    AllowedValues: [no, on, yes]
Conditions:
  IsProd: !Equals [!Ref Env, prod]
  NotProd: !Not [!Condition IsProd]
  Both: !And [!Condition IsProd, !Or [!Condition NotProd, !Condition IsProd]]
Resources:
  Q:
    Type: AWS::SQS::Queue
    Properties:
      A: !Ref Env
      B: !GetAtt Queue.Arn
      C: !GetAtt Db.Endpoint.Address
      D: !GetAtt [Queue, Arn]
      E: !Sub '\${AWS::StackName}-q'
      F: !Sub ['\${A}-x', {A: !Ref Env}]
      G: !Join [',', [a, !Ref Env]]
      H: !Select [0, !GetAZs '']
      I: !Split ['|', 'a|b']
      J: !FindInMap [Map, !Ref 'AWS::Region', Key]
      K: !If [IsProd, 5, !Ref AWS::NoValue]
      L: !ImportValue shared-name
      M: !Base64 hello
      N: !GetAZs
        Ref: AWS::Region
      O: !Select [0, !Split [',', !ImportValue x]]
      P: !Cidr [10.0.0.0/16, 2, 8]
      Q: !Transform {Name: AWS::Include}
      R:
        Fn::ImportValue: !Sub '\${Env}-name'
`) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(template['AWSTemplateFormatVersion']).toBe('2010-09-09');
    expect(template['Parameters']!['Flag']!['AllowedValues']).toEqual(['no', 'on', 'yes']);
    expect(template['Conditions']).toEqual({
      IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] },
      NotProd: { 'Fn::Not': [{ Condition: 'IsProd' }] },
      Both: { 'Fn::And': [{ Condition: 'IsProd' }, { 'Fn::Or': [{ Condition: 'NotProd' }, { Condition: 'IsProd' }] }] },
    });
    expect(template['Resources']!['Q']!['Properties']).toEqual({
      A: { Ref: 'Env' },
      B: { 'Fn::GetAtt': ['Queue', 'Arn'] },
      C: { 'Fn::GetAtt': ['Db', 'Endpoint.Address'] },
      D: { 'Fn::GetAtt': ['Queue', 'Arn'] },
      E: { 'Fn::Sub': '${AWS::StackName}-q' },
      F: { 'Fn::Sub': ['${A}-x', { A: { Ref: 'Env' } }] },
      G: { 'Fn::Join': [',', ['a', { Ref: 'Env' }]] },
      H: { 'Fn::Select': [0, { 'Fn::GetAZs': '' }] },
      I: { 'Fn::Split': ['|', 'a|b'] },
      J: { 'Fn::FindInMap': ['Map', { Ref: 'AWS::Region' }, 'Key'] },
      K: { 'Fn::If': ['IsProd', 5, { Ref: 'AWS::NoValue' }] },
      L: { 'Fn::ImportValue': 'shared-name' },
      M: { 'Fn::Base64': 'hello' },
      N: { 'Fn::GetAZs': { Ref: 'AWS::Region' } },
      O: { 'Fn::Select': [0, { 'Fn::Split': [',', { 'Fn::ImportValue': 'x' }] }] },
      P: { 'Fn::Cidr': ['10.0.0.0/16', 2, 8] },
      Q: { 'Fn::Transform': { Name: 'AWS::Include' } },
      R: { 'Fn::ImportValue': { 'Fn::Sub': '${Env}-name' } },
    });
  });

  it('keeps Y and On as two different keys (the core schema, not YAML 1.1)', () => {
    expect(parseYamlTemplate('Y: 1\nOn: 2\n')).toEqual({ Y: 1, On: 2 });
  });

  it('refuses malformed YAML, a tag on a tag, and a tag CloudFormation does not have, with line and column', () => {
    expect(templateErrorOf(() => parseYamlTemplate('Resources:\n  Q: [a, b\n')).message).toMatch(
      /^sqs-sns-mock: provision: Template format error: YAML not well-formed\. \(line \d+, column \d+\): /,
    );
    expect(
      templateErrorOf(() => parseYamlTemplate('Resources:\n  Q:\n    P: !Base64\n      !Sub x\n')).message,
    ).toContain('at most one tag');
    expect(templateErrorOf(() => parseYamlTemplate('Resources:\n  Q:\n    P: !Unknown x\n')).message).toBe(
      'sqs-sns-mock: provision: Template format error: YAML not well-formed. (line 3, column 8): ' +
        'Unresolved tag: !Unknown, not a CloudFormation tag',
    );
  });
});
