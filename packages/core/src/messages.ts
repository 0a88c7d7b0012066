/**
 * User-visible strings of the specs, verbatim. Screens and servers import them from here so a
 * string is written once and tests can assert it.
 */
export const messages = {
  newPasswordMustDiffer: 'New password must be different from old one',
  resetCodeSent: 'Check your email for password reset code.',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  codeSentTo: (email: string) => `Code was sent to ${email}`,
  invalidData: (error: string) => `Invalid data: ${error}`,
  failedToLoadProject: (reason: string) => `Failed to load project: ${reason}`,
  loginToContinue: 'Login to continue',
  enterProjectName: 'Enter project name:',
  defaultProjectName: 'My project',
  defaultSuggestedName: 'My video',
  confirmDelete: 'Are you sure you want to delete this site?',
  projectRenamed: 'Project renamed',
  projectDeleted: 'Project deleted',
  projectNotFound: 'Project not found',
  otpHelp: 'An OTP (one-time password) will be sent to your email for verification',
  signupNote: '(Sign up for FREE - No credit card required)',
  unlockAllFeatures: 'Unlock All Features (FREE)',
  trainingHint: 'Need help? Training videos are here!',
  markAllAsRead: 'Mark all as read',
  verifyTitle: 'Verify your account',
  verifyCodePlaceholder: '8 digit verification code',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  planAccount: (plan: string) => `${plan} account`,
  yourProfileEntry: 'Your Profile..',
  apiKeyEntry: 'Your API Key for Zapier / Wordpress..',
  customPronunciationsEntry: 'Custom pronunciations',
  apiKeyTitle: 'API Key',
} as const;
