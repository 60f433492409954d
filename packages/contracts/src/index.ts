// @kadr/contracts: the event schemas generated from proto/ (never edit src/gen by hand),
// the topic map, the envelope codec, the cross-service HTTP schemas, and the plain values they are built from.
export * from './gen/kadr/events/v1/envelope_pb';
export * from './gen/kadr/events/v1/job_events_pb';
export * from './gen/kadr/events/v1/payment_events_pb';
export * from './gen/kadr/events/v1/user_events_pb';
export * from './gen/kadr/events/v1/credit_events_pb';
export * from './gen/kadr/events/v1/notification_events_pb';
export {
  TOPICS,
  ALL_TOPICS,
  topicOf,
  isTopic,
  type Topic,
  type TopicOf,
  type EventCase,
  type EventCaseOn,
  type EventPayload,
} from './topics';
export {
  EVENT_HEADER,
  createEnvelope,
  encodeEnvelope,
  encodeEvent,
  decodeEvent,
  decodeEventOn,
  eventJsonOf,
  aggregateIdOf,
  type EventPayloadInit,
  type EventMetadata,
  type EventEnvelopeOf,
  type EncodedEvent,
} from './events';
// Timestamps for event fields, so services need no direct @bufbuild/protobuf import.
export { timestampFromDate, timestampDate, timestampNow, type Timestamp } from '@bufbuild/protobuf/wkt';
export { DomainError } from './domain-error';
export * from './http';
// The plain values and types (`@kadr/contracts/values`, what the web app imports): enum values, resolutions, telemetry.
export * from './values';
