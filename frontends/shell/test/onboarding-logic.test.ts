import { MESSAGES } from '@platform/contracts';
import { companyErrors, customHex, logoProblem } from '../src/auth/onboarding/logic';

const messages = MESSAGES.onboarding;

describe('onboarding step 1', () => {
  it('names every problem of the company details', () => {
    expect(companyErrors({ name: '', website: '', description: '' })).toEqual({
      name: messages.companyNameRequired,
      website: messages.companyWebsiteRequired,
      description: messages.companyDescriptionRequired,
    });
    expect(companyErrors({ name: 'Tidewater', website: 'bakery', description: 'bread' })).toEqual({
      website: messages.companyWebsiteInvalid,
      description: messages.companyDescriptionTooShort,
    });
  });

  it('takes a URL or anything with a dot as the website', () => {
    expect(companyErrors({ name: 'T', website: 'tidewater.example', description: 'We bake bread daily' })).toEqual({});
    expect(companyErrors({ name: 'T', website: 'http://127.0.0.1:4110', description: 'We bake bread daily' })).toEqual({});
  });
});

describe('onboarding step 2', () => {
  it('accepts a hex colour of 3 or 6 digits and adds the #', () => {
    expect(customHex('E4572E')).toBe('#e4572e');
    expect(customHex('#abc')).toBe('#abc');
    expect(customHex('abcd')).toBeNull();
    expect(customHex('#ggg')).toBeNull();
  });

  it('takes a logo of at most 0.5 MB in png, jpg, jpeg, gif or webp', () => {
    expect(logoProblem({ name: 'logo.PNG', size: 500_000 })).toBeNull();
    expect(logoProblem({ name: 'logo.webp', size: 500_001 })).toBe(MESSAGES.channels.uploadTooLarge(0.5));
    expect(logoProblem({ name: 'logo.svg', size: 10 })).toBe(MESSAGES.channels.uploadWrongType('.png,.jpg,.jpeg,.gif,.webp'));
  });
});
