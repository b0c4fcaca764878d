// The Go recipe of docs/guide/other-languages.md, run by test/wire/go.test.ts: go run main.go <endpoint>.
//
// The AWS SDK for Go v2 against `sqs-sns-mock serve`: an endpoint, any credentials and a region, then SQS, SNS and
// Lambda as against AWS, and the control routes over plain HTTP. Prints one JSON line of what it saw; a failed check
// exits 1. Builds with Debian's golang-github-aws-aws-sdk-go-v2-dev (GOPATH=/usr/share/gocode, GO111MODULE=off) and
// with the SDK from its module proxy alike.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

var endpoint = os.Args[1]

// The recipe: every client of this config sends to the server, signed with credentials it never checks.
func loadConfig(ctx context.Context) aws.Config {
	resolver := aws.EndpointResolverWithOptionsFunc(func(service, region string, options ...interface{}) (aws.Endpoint, error) {
		return aws.Endpoint{URL: endpoint, HostnameImmutable: true}, nil
	})
	cfg, err := config.LoadDefaultConfig(ctx,
		config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("x", "x", "")),
		config.WithEndpointResolverWithOptions(resolver),
	)
	check(err)
	return cfg
}

// control posts to one of the server's control routes (/_mock/...) and decodes its JSON answer.
func control(method, route string, body interface{}) map[string]interface{} {
	var payload bytes.Buffer
	if body != nil {
		check(json.NewEncoder(&payload).Encode(body))
	}
	request, err := http.NewRequest(method, endpoint+"/_mock/"+route, &payload)
	check(err)
	request.Header.Set("content-type", "application/json")
	response, err := http.DefaultClient.Do(request)
	check(err)
	defer response.Body.Close()
	answer := map[string]interface{}{}
	check(json.NewDecoder(response.Body).Decode(&answer))
	return answer
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func expect(ok bool, what string) {
	if !ok {
		fmt.Fprintln(os.Stderr, "check failed: "+what)
		os.Exit(1)
	}
}

func main() {
	ctx := context.Background()
	cfg := loadConfig(ctx)
	queues := sqs.NewFromConfig(cfg)
	topics := sns.NewFromConfig(cfg)
	functions := lambda.NewFromConfig(cfg)
	seen := map[string]interface{}{}

	// SQS: a delayed message comes once the server's clock has moved past its delay.
	created, err := queues.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String("go-orders")})
	check(err)
	url := created.QueueUrl
	seen["queueUrl"] = *url
	_, err = queues.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:     url,
		MessageBody:  aws.String("order-1"),
		DelaySeconds: 60,
		MessageAttributes: map[string]sqstypes.MessageAttributeValue{
			"kind": {DataType: aws.String("String"), StringValue: aws.String("order")},
		},
	})
	check(err)
	early, err := queues.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: url})
	check(err)
	expect(len(early.Messages) == 0, "the delayed message is not visible before the clock moves")
	moved := control("POST", "clock/advance", map[string]int{"ms": 60_000})
	seen["advancedMs"] = moved["advancedMs"]
	received, err := queues.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
		QueueUrl:              url,
		MessageAttributeNames: []string{"All"},
	})
	check(err)
	expect(len(received.Messages) == 1, "one message after the advance")
	message := received.Messages[0]
	seen["body"] = *message.Body
	seen["kind"] = *message.MessageAttributes["kind"].StringValue
	_, err = queues.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: url, ReceiptHandle: message.ReceiptHandle})
	check(err)

	// An error is the SDK's modelled type.
	_, err = queues.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{QueueName: aws.String("missing")})
	var missing *sqstypes.QueueDoesNotExist
	seen["queueDoesNotExist"] = errors.As(err, &missing)

	// SNS: a topic fans out to the queue, raw.
	topic, err := topics.CreateTopic(ctx, &sns.CreateTopicInput{Name: aws.String("go-events")})
	check(err)
	attributes, err := queues.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       url,
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn},
	})
	check(err)
	_, err = topics.Subscribe(ctx, &sns.SubscribeInput{
		TopicArn:   topic.TopicArn,
		Protocol:   aws.String("sqs"),
		Endpoint:   aws.String(attributes.Attributes["QueueArn"]),
		Attributes: map[string]string{"RawMessageDelivery": "true"},
	})
	check(err)
	_, err = topics.Publish(ctx, &sns.PublishInput{TopicArn: topic.TopicArn, Message: aws.String("shipped")})
	check(err)
	fanned, err := queues.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: url})
	check(err)
	expect(len(fanned.Messages) == 1, "the published message reached the queue")
	seen["published"] = *fanned.Messages[0].Body

	// Lambda: the server's own function (its template, given with --functions).
	invoked, err := functions.Invoke(ctx, &lambda.InvokeInput{
		FunctionName: aws.String("greeter"),
		Payload:      []byte(`{"name":"gopher"}`),
	})
	check(err)
	seen["invoked"] = string(invoked.Payload)

	state := control("GET", "state", nil)
	seen["queues"] = len(state["queues"].([]interface{}))
	out, err := json.Marshal(seen)
	check(err)
	fmt.Println(string(out))
}
