// Integration tests start consumers and restart Kafka; they wait on conditions, not clocks.
jest.setTimeout(120_000);
