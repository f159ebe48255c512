import { z } from 'zod';
import { markOnboardingStepAsRead } from '../../actions/onboardingSteps';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

export const markOnboardingStepEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/onboarding_steps',
  params: { onboarding_step: required('text', z.string()) },
  handle: ({ services, user, params }) => {
    markOnboardingStepAsRead(services, user, params.onboarding_step);
    return {};
  },
});
