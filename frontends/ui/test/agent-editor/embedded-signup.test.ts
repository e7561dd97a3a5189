import { embeddedSignupOutcome } from '../../src/agent-editor/logic/embedded-signup';

describe('the WhatsApp embedded signup messages', () => {
  const finish = { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1001', waba_id: '2002' } };

  it('reads FINISH with the number and account ids, from Meta only', () => {
    expect(embeddedSignupOutcome('https://www.facebook.com', JSON.stringify(finish))).toEqual({ event: 'FINISH', phoneNumberId: '1001', wabaId: '2002' });
    expect(embeddedSignupOutcome('https://web.facebook.com', finish)).toEqual({ event: 'FINISH', phoneNumberId: '1001', wabaId: '2002' });
    expect(embeddedSignupOutcome('https://evil.example.com', JSON.stringify(finish))).toBeUndefined();
  });

  it('reads CANCEL and ERROR, and ignores anything else', () => {
    expect(embeddedSignupOutcome('https://www.facebook.com', { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } })).toEqual({ event: 'CANCEL' });
    expect(embeddedSignupOutcome('https://www.facebook.com', { type: 'WA_EMBEDDED_SIGNUP', event: 'ERROR', data: { error_message: 'Session expired' } })).toEqual({ event: 'ERROR', detail: 'Session expired' });
    expect(embeddedSignupOutcome('https://www.facebook.com', 'not json')).toBeUndefined();
    expect(embeddedSignupOutcome('https://www.facebook.com', { type: 'OTHER', event: 'FINISH' })).toBeUndefined();
  });
});
