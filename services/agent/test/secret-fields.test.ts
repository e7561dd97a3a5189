import { withFieldsFrom } from '../src/domain/secret-fields';

const paths = ['key', 'config.secret', 'tools.secret'] as const;
const source = {
  key: 'k-stored',
  config: { secret: 's-stored', url: 'https://stored.example' },
  tools: [{ id: 't1', secret: 'one' }, { id: 't2', secret: 'two' }, { secret: 'no-id' }],
};

describe('withFieldsFrom', () => {
  it('overrides every path the source holds, nested ones in their holder and list items by id', () => {
    const target = { key: 'k-sent', name: 'Bot', config: { secret: 's-sent', url: 'https://sent.example' }, tools: [{ id: 't2', secret: 'sent' }, { id: 't3' }] };
    expect(withFieldsFrom(target, source, paths, { onlyAbsent: false })).toEqual({
      key: 'k-stored',
      name: 'Bot',
      config: { secret: 's-stored', url: 'https://sent.example' },
      tools: [{ id: 't2', secret: 'two' }, { id: 't3' }],
    });
  });

  it('with onlyAbsent fills only what the target lacks', () => {
    const target = { key: 'k-sent', config: { url: 'https://sent.example' }, tools: [{ id: 't1' }, { id: 't2', secret: 'sent' }] };
    expect(withFieldsFrom(target, source, paths, { onlyAbsent: true })).toEqual({
      key: 'k-sent',
      config: { url: 'https://sent.example', secret: 's-stored' },
      tools: [{ id: 't1', secret: 'one' }, { id: 't2', secret: 'sent' }],
    });
  });

  it('leaves list items without an id alone, and holders the target does not have', () => {
    const target = { tools: [{ name: 'no id' }] };
    for (const onlyAbsent of [true, false]) {
      expect(withFieldsFrom(target, source, paths, { onlyAbsent })).toEqual({ key: 'k-stored', tools: [{ name: 'no id' }] });
    }
  });

  it('copies the target and never changes it', () => {
    const target = { config: { url: 'x' } };
    const result = withFieldsFrom(target, source, paths, { onlyAbsent: true });
    expect(target).toEqual({ config: { url: 'x' } });
    expect(result.config).not.toBe(target.config);
  });
});
