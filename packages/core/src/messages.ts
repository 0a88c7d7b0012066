import { MAX_KEYWORD_TAGS } from './limits';

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
  freeNarrationTitle: 'Add Free Voice Narration?',
  freeNarrationPrompt:
    'A FREE account is required to generate Text to speech voices. Would you like to sign up for a Free account?',
  freeNarrationYes: 'Yes, I want to try all features',
  planAccount: (plan: string) => `${plan} account`,
  yourProfileEntry: 'Your Profile..',
  apiKeyEntry: 'Your API Key for Zapier / Wordpress..',
  customPronunciationsEntry: 'Custom pronunciations',
  apiKeyTitle: 'API Key',
  publishTitle: 'Publish video',
  startRendering: 'Start Rendering',
  downloadFullVideo: 'Download full video',
  downloadWithWatermark: 'Download video with watermark',
  videoRendering:
    'Your video is currently rendering. It may take a few minutes to be ready. We will send you an email when it is ready.',
  notPublishedYet: 'You have not published this project yet. Do you want to publish it now?',
  notifyWhenReady: 'Would you like us to notify you when your video download is ready?',
  notifyYes: 'Yes, notify me when ready!',
  notifyNo: 'No',
  recordingDeviceError: (detail: string) => `Recording device error: ${detail}`,
  noAudioDevices: 'Failed to find any audio devices',
  ttsSignupRequired: 'Please create a free account to try text to speech feature',
  ttsEmptyText: 'Please enter some text first',
  transcriptionNotInFree: "Text transcription isn't available in free version",
  // Wizard: keyword and content steps (spec 001 §5, §8)
  /** Article fetch failure toast; without a type it is the URL-import variant. */
  articleFetchFailed: (type?: string) =>
    `Failed to get ${type ? `${type} article` : 'article'} content. Please try downloading another article or copy-paste it by hand.`,
  noArticlesFound: (type: string, keyword: string) => `No ${type} articles found about ${keyword}.`,
  noListicleSuggestions: (label: string, keyword: string) =>
    `Sorry no ${label} suggests found for ${keyword}. Please try with another category or keyword.`,
  articleRequired:
    "Article title and body are required. If you're doing a keyword search, please select an article (or click the Back button to choose a different keyword if there are no results).",
  selectArticle: (type: string) => `Please select an ${type} article from the list by clicking on it`,
  listicleTooShort: 'You need at least 2 items in your listicle.',
  quizTooShort: 'You need at least 2 questions in your quiz.',
  quizMissingCorrect: (q: string) =>
    `You need to specify the correct answer for multiple choice questions. Question: ${q} is missing the correct answer.`,
  quizTooFewChoices: (q: string) =>
    `You need at least 2 choices in a multiple choice questions. Question: ${q} has fewer than 2 choices.`,
  wordLimitAdvice: 'We recommended keeping it under 550 words',
  fixIt: 'Fix it',
  pasteAnyway: 'Paste anyway',
  dontPaste: "Don't paste",
  searchingSource: (source: string) => `Searching ${source}..`,
  noResultsFor: (keyword: string) => `No results for ${keyword}`,
  keywordRequired: 'Please enter a keyword. Separate several keywords with commas.',
  tooManyKeywords: (count: number) =>
    `You entered ${count} keywords; the most allowed is ${MAX_KEYWORD_TAGS}. Please remove ${count - MAX_KEYWORD_TAGS} of them.`,

  // Video optimizer (spec 000 §5, §8)
  optimizerKeywordRequired: 'Enter a target keyword of at least 3 characters.',
  noOptimizerResults: (keyword: string) => `Sorry, no results found for "${keyword}". Please try another keyword.`,
} as const;
