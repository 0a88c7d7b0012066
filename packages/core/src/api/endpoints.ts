import { z } from 'zod';
import {
  type AccessAction,
  ApiKeyInfoSchema,
  AppConfigSchema,
  ChangePasswordInputSchema,
  ForgotCheckInputSchema,
  ForgotSendInputSchema,
  GoogleAuthInputSchema,
  InfoInputSchema,
  LoginInputSchema,
  SignupInputSchema,
  UpdateProfileInputSchema,
  UserSchema,
  VerifyCheckInputSchema,
  VerifySendInputSchema,
} from '../account/schemas';
import {
  AddKeywordsBodySchema,
  AddKeywordsResponseSchema,
  ArticleFetchQuerySchema,
  ArticleSchema,
  ArticleSearchQuerySchema,
  ArticleSearchResponseSchema,
  KeywordBodySchema,
  KeywordListResponseSchema,
  KeywordQuerySchema,
  ListicleIdeasQuerySchema,
  ListicleIdeasResponseSchema,
  LsiResponseSchema,
} from '../article/api';
import { CaptionsQuerySchema } from '../captions/api';
import {
  AutoFetchBodySchema,
  AutoFetchResponseSchema,
  ImageProxyQuerySchema,
  ImportUrlBodySchema,
  MediaEnginesResponseSchema,
  MediaSearchQuerySchema,
  MediaSearchResponseSchema,
  QueriesSearchParamsSchema,
  QueriesSearchQuerySchema,
  RemoveBgBodySchema,
  UploadedMediaSchema,
  UsedMediaBodySchema,
} from '../media/api';
import {
  PushSubscribedSchema,
  PushSubscriptionSchema,
  PushUnsubscribedSchema,
  PushUnsubscribeSchema,
  WebPushKeySchema,
} from '../notify/push';
import { OptimizeInputSchema, OptimizeResponseSchema } from '../optimizer/api';
import {
  NewsItemSchema,
  ProjectListResponseSchema,
  ProjectLoadQuerySchema,
  ProjectLoadResponseSchema,
  ProjectPatchInputSchema,
  ProjectRemoveInputSchema,
  ProjectRemoveResponseSchema,
  ProjectRenameInputSchema,
  ProjectRenameResponseSchema,
  ProjectSaveInputSchema,
  ProjectSaveResponseSchema,
  SettingsSchema,
} from '../project/api';
import { TutorialSchema } from '../project/tutorials';
import {
  PidQuerySchema,
  QueueVideoInputSchema,
  QueueVideoUpdateInputSchema,
  QuotaQuerySchema,
  QuotaResponseSchema,
  RenderStatusQuerySchema,
  RenderStatusSchema,
} from '../publish/api';
import {
  SavedRecordingSchema,
  SpeakBodySchema,
  SpokenClipSchema,
  TtsAnswerSchema,
  TtsQuerySchema,
} from '../speech/api';
import { TranscribeFieldsSchema, TranscriptionQuerySchema, TranscriptionStatusSchema } from '../speech/transcription';
import {
  VideoSiteCallbackQuerySchema,
  VideoSiteConnectInputSchema,
  VideoSiteConnectSchema,
  VideoSiteDisconnectedSchema,
  VideoSiteQuerySchema,
  VideoSiteStatusSchema,
  VideoUploadInputSchema,
  VideoUploadQuerySchema,
  VideoUploadSchema,
} from '../video-site/api';
import {
  CreatedWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointRemovedSchema,
  WebhookEndpointSchema,
} from '../webhooks/api';
import {
  MusicListSchema,
  PresetListResponseSchema,
  PresetSaveBodySchema,
  VideoRatingBodySchema,
  VideoRatingResponseSchema,
} from '../wizard/api';
import { PresetSchema } from '../wizard/slides/schema';
import { defineEndpoints, type Endpoint, SOURCE_ERRORS, STANDARD_ERRORS } from './endpoint';

/** Access actions may also refuse (403), limit (429) or meet a mail or Google outage (502, 503). */
const ACCESS_ERRORS = [...STANDARD_ERRORS, 403, 429, 502, 503] as const;
const TRANSCRIBE_ERRORS = [...STANDARD_ERRORS, 403] as const;
const MEDIA_SEARCH_ERRORS = [...STANDARD_ERRORS, 403] as const;
const UPLOAD_ERRORS = [...STANDARD_ERRORS, 415, 422, 502, 503] as const;
const SPEECH_ERRORS = [...STANDARD_ERRORS, 403, 429, 502, 503] as const;
/** Webhooks come with the API key's plan (403). */
const WEBHOOK_ERRORS = [...STANDARD_ERRORS, 403] as const;

/**
 * Every endpoint the web app calls, by name: the one contract of the HTTP API. Server routes take
 * their path and schemas from here (`routeOf`), the web's `call(name, input)` is typed from it, and
 * docs/api.md's reference section is generated from it (`npm run api:docs`).
 */
export const endpoints = defineEndpoints({
  appConfig: {
    method: 'GET',
    path: '/api/config',
    description: 'Public settings of the running app the browser needs before anyone logs in.',
    response: AppConfigSchema,
  },

  // Access actions (spec 000 §7): each answers the User. Limited ones allow AUTH_RATE_LIMIT a minute.
  accessInfo: {
    method: 'POST',
    path: '/api/members/access/info',
    description: 'The current user (id 0 for a visitor); the body may be left out.',
    body: InfoInputSchema.nullish(),
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessSignup: {
    method: 'POST',
    path: '/api/members/access/signup',
    description: 'Signs up and starts a session; e-mails a verification code (limited).',
    body: SignupInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessLogin: {
    method: 'POST',
    path: '/api/members/access/login',
    description: 'Logs in with e-mail and password and starts a session (limited).',
    body: LoginInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessUpdate: {
    method: 'POST',
    path: '/api/members/access/update',
    description: "Changes the member's name and e-mail (members only, limited).",
    body: UpdateProfileInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessResetPassword: {
    method: 'POST',
    path: '/api/members/access/reset-pw',
    description: "Changes the member's password (members only, limited).",
    body: ChangePasswordInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessGoogleAuth: {
    method: 'POST',
    path: '/api/members/access/google-auth',
    description: 'Signs in (or up) with an identity-provider credential (limited).',
    body: GoogleAuthInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessForgotSend: {
    method: 'POST',
    path: '/api/members/access/forgot/send',
    description: 'E-mails a password reset code; the same answer for any address (limited).',
    body: ForgotSendInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessForgotCheck: {
    method: 'POST',
    path: '/api/members/access/forgot/check',
    description: 'Sets a new password with a reset code and starts a session (limited).',
    body: ForgotCheckInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessVerifySend: {
    method: 'POST',
    path: '/api/members/access/verify/send',
    description: 'E-mails a verification code (members only, limited).',
    body: VerifySendInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessVerifyCheck: {
    method: 'POST',
    path: '/api/members/access/verify/check',
    description: 'Checks a verification code and marks the e-mail verified (members only, limited).',
    body: VerifyCheckInputSchema,
    response: UserSchema,
    errors: ACCESS_ERRORS,
  },
  accessLogout: {
    method: 'GET',
    path: '/api/members/access/logout',
    description: "Ends the session and sends the browser to the wizard (the menu's link; same-origin only).",
    answers: 'redirect',
    errors: [403],
  },

  // The business member's API key (`/api/members/zapier/*`).
  apiKeyInfo: {
    method: 'GET',
    path: '/api/members/zapier/info',
    description: 'The API key: made and shown in full on the first call, then as a hint.',
    response: ApiKeyInfoSchema,
    errors: ACCESS_ERRORS,
  },
  apiKeyRotate: {
    method: 'POST',
    path: '/api/members/zapier/rotate',
    description: 'Replaces the API key; the old one stops working.',
    response: ApiKeyInfoSchema,
    errors: ACCESS_ERRORS,
  },
  apiKeyRevoke: {
    method: 'POST',
    path: '/api/members/zapier/revoke',
    description: 'Ends the API key.',
    response: ApiKeyInfoSchema,
    errors: ACCESS_ERRORS,
  },

  // Settings, news and tutorials.
  settingsLoad: {
    method: 'GET',
    path: '/api/members/settings',
    description: "The member's settings (custom pronunciations among them).",
    response: SettingsSchema,
    errors: STANDARD_ERRORS,
  },
  settingsSave: {
    method: 'POST',
    path: '/api/members/settings',
    description: "Replaces the member's settings.",
    body: SettingsSchema,
    response: SettingsSchema,
    errors: STANDARD_ERRORS,
  },
  news: {
    method: 'GET',
    path: '/api/members/access/news',
    description: 'The news feed, newest first (members only).',
    response: z.array(NewsItemSchema),
    errors: STANDARD_ERRORS,
  },
  tutorials: {
    method: 'GET',
    path: '/api/queries/tutorials',
    description: "The training videos of the 'Video tutorials' popup (public).",
    response: z.array(TutorialSchema),
    errors: STANDARD_ERRORS,
  },

  // Articles and keywords (spec 001 §7). Public and rate limited, but add-keywords.
  articleSearch: {
    method: 'GET',
    path: '/api/members/articles/search',
    description: 'Articles about a keyword from a search source (ezine, news or blog).',
    query: ArticleSearchQuerySchema,
    response: ArticleSearchResponseSchema,
    errors: SOURCE_ERRORS,
  },
  articleFetch: {
    method: 'GET',
    path: '/api/members/articles/fetch',
    description: 'Imports the article at a web address as plain text.',
    query: ArticleFetchQuerySchema,
    response: ArticleSchema,
    errors: SOURCE_ERRORS,
  },
  relatedKeywords: {
    method: 'GET',
    path: '/api/members/articles/related-kw',
    description: 'Keywords related to a keyword, as a search box suggests them.',
    query: KeywordQuerySchema,
    response: KeywordListResponseSchema,
    errors: SOURCE_ERRORS,
  },
  relatedTerms: {
    method: 'POST',
    path: '/api/members/articles/lsi',
    description: 'Terms that often appear beside a keyword (LSI), for the optimizer.',
    body: KeywordBodySchema,
    response: LsiResponseSchema,
    errors: SOURCE_ERRORS,
  },
  listicleIdeas: {
    method: 'GET',
    path: '/api/members/articles/listicle-ideas',
    description: 'Listicle item ideas for a keyword in a category.',
    query: ListicleIdeasQuerySchema,
    response: ListicleIdeasResponseSchema,
    errors: SOURCE_ERRORS,
  },
  addKeywords: {
    method: 'POST',
    path: '/api/members/add-keywords',
    description: "Adds the wizard's keywords to the member's saved keywords (members only).",
    body: AddKeywordsBodySchema,
    response: AddKeywordsResponseSchema,
    errors: STANDARD_ERRORS,
  },

  // Projects (spec 000 §7): the signed-in member's own.
  projectLoad: {
    method: 'GET',
    path: '/api/members/projects/load',
    description: 'One project with its document: the reserved one, or by id or name.',
    query: ProjectLoadQuerySchema,
    response: ProjectLoadResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectList: {
    method: 'GET',
    path: '/api/members/projects/all',
    description: "The member's projects, newest updated first, with their poster frames once drawn.",
    response: ProjectListResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectSave: {
    method: 'POST',
    path: '/api/members/projects/save',
    description: 'Creates a project (no id) or replaces one.',
    body: ProjectSaveInputSchema,
    response: ProjectSaveResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectPatch: {
    method: 'POST',
    path: '/api/members/projects/patch',
    description: "Applies a JSON patch to a project's document, checked against a hash.",
    body: ProjectPatchInputSchema,
    response: ProjectSaveResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectRename: {
    method: 'POST',
    path: '/api/members/projects/rename',
    description: 'Renames a project.',
    body: ProjectRenameInputSchema,
    response: ProjectRenameResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectRemove: {
    method: 'POST',
    path: '/api/members/projects/remove',
    description: 'Deletes a project.',
    body: ProjectRemoveInputSchema,
    response: ProjectRemoveResponseSchema,
    errors: STANDARD_ERRORS,
  },

  // Transcription (spec 001 §4, §7): paid members only.
  transcribeStart: {
    method: 'POST',
    path: '/api/members/transcribe',
    description: 'Queues the transcription of a recording (JSON or a multipart upload).',
    body: TranscribeFieldsSchema,
    upload: true,
    response: TranscriptionStatusSchema,
    errors: TRANSCRIBE_ERRORS,
  },
  transcribeStatus: {
    method: 'GET',
    path: '/api/members/transcribe',
    description: 'The state of a transcription; its words once done.',
    query: TranscriptionQuerySchema,
    response: TranscriptionStatusSchema,
    errors: TRANSCRIBE_ERRORS,
  },

  // Publishing (spec 000 §7): members only.
  quota: {
    method: 'GET',
    path: '/api/members/quota',
    description: "The member's plan limits and what is left of today's renders.",
    query: QuotaQuerySchema,
    response: QuotaResponseSchema,
    errors: STANDARD_ERRORS,
  },
  queueVideo: {
    method: 'POST',
    path: '/api/members/queue-video',
    description: 'Queues the render of a project; the video is e-mailed when done.',
    body: QueueVideoInputSchema,
    response: RenderStatusSchema,
    errors: STANDARD_ERRORS,
  },
  queueVideoUpdate: {
    method: 'POST',
    path: '/api/members/queue-video/update',
    description: 'Changes the address a queued render is e-mailed to.',
    body: QueueVideoUpdateInputSchema,
    response: RenderStatusSchema,
    errors: STANDARD_ERRORS,
  },
  renderStatus: {
    method: 'GET',
    path: '/api/members/queue-video/status',
    description: "A render's progress, for the publish dialog's bar.",
    query: RenderStatusQuerySchema,
    response: RenderStatusSchema,
    errors: STANDARD_ERRORS,
  },
  downloadLookup: {
    method: 'GET',
    path: '/api/members/videos/download',
    description: "The project's MP4 address, 'rendering', or '' when never published.",
    query: PidQuerySchema,
    answers: 'text',
  },
  download: {
    method: 'GET',
    path: '/api/members/download',
    description: "The project's published MP4, as a download.",
    query: PidQuerySchema,
    answers: 'file',
  },
  embedHash: {
    method: 'GET',
    path: '/api/members/projects/embed/hash',
    description: "The project's embed hash (made on the first call), as plain text.",
    query: PidQuerySchema,
    answers: 'text',
  },

  // Video optimizer (spec 000 §3, §4; issue 21): paid members only.
  optimizeVideo: {
    method: 'POST',
    path: '/api/members/optimizer',
    description: "A title, a description and tags for one of the member's projects and a target keyword.",
    body: OptimizeInputSchema,
    response: OptimizeResponseSchema,
    errors: [...STANDARD_ERRORS, 403],
  },
  rewriteOptimized: {
    method: 'POST',
    path: '/api/members/optimizer/rewrite',
    description: "The optimizer's title and description rewritten by the configured language model.",
    body: OptimizeInputSchema,
    response: OptimizeResponseSchema,
    errors: [...STANDARD_ERRORS, 403, 429, 501, 502, 503, 504],
  },

  // Captions (issue 21, D68): a rendered video's narration as caption files.
  captions: {
    method: 'GET',
    path: '/api/members/captions',
    description: "The rendered video's captions, .srt or .vtt, as a download; 404 without narration words.",
    query: CaptionsQuerySchema,
    answers: 'file',
  },

  // Speech (spec 001 §7, 000 §7).
  tts: {
    method: 'GET',
    path: '/api/queries/tts',
    description: 'The voice list (voices=1), a demo clip (demo=1) or speech for a text.',
    query: TtsQuerySchema,
    response: TtsAnswerSchema,
    errors: SPEECH_ERRORS,
  },
  speak: {
    method: 'POST',
    path: '/api/queries/tts',
    description: "Speech for a text with a slide's voice settings (members only).",
    body: SpeakBodySchema,
    response: SpokenClipSchema,
    errors: SPEECH_ERRORS,
  },
  saveRecording: {
    method: 'POST',
    path: '/api/queries/save-mp3',
    description: 'Stores a recording as an MP3 (members only).',
    upload: true,
    response: SavedRecordingSchema,
    errors: SPEECH_ERRORS,
  },

  // Media search (spec 001 §7, 002 §5).
  mediaSearch: {
    method: 'GET',
    path: '/api/members/media-search',
    description: 'Pictures, videos or sounds for a keyword from one engine (members only).',
    query: MediaSearchQuerySchema,
    response: MediaSearchResponseSchema,
    errors: MEDIA_SEARCH_ERRORS,
  },
  mediaSearchByPath: {
    method: 'GET',
    path: '/api/queries/search/:type/:source',
    description: "The builder's media search: the kind and engine in the path.",
    params: QueriesSearchParamsSchema,
    query: QueriesSearchQuerySchema,
    response: MediaSearchResponseSchema,
    errors: MEDIA_SEARCH_ERRORS,
  },
  mediaAutoFetch: {
    method: 'POST',
    path: '/api/members/media-auto-fetch',
    description: 'A picture or video for a slide line without media (public, rate limited).',
    body: AutoFetchBodySchema,
    response: AutoFetchResponseSchema,
    errors: [...STANDARD_ERRORS, 429],
  },
  mediaEngines: {
    method: 'GET',
    path: '/api/members/media-engines',
    description: 'The media engines this server offers and the kinds each finds.',
    response: MediaEnginesResponseSchema,
    errors: STANDARD_ERRORS,
  },
  imageProxy: {
    method: 'GET',
    path: '/api/queries/image',
    description: "Another site's picture, scaled and re-encoded by our server (a placeholder when it fails).",
    query: ImageProxyQuerySchema,
    answers: 'file',
    errors: [400, 429],
  },

  // Uploads and background removal (members only).
  upload: {
    method: 'POST',
    path: '/api/members/uploads',
    description: 'Stores an uploaded picture, video or sound (multipart field `file`).',
    upload: true,
    response: UploadedMediaSchema,
    errors: UPLOAD_ERRORS,
  },
  importUrl: {
    method: 'POST',
    path: '/api/members/uploads/url',
    description: 'Stores the media at a web address (a page becomes its screenshot).',
    body: ImportUrlBodySchema,
    response: UploadedMediaSchema,
    errors: UPLOAD_ERRORS,
  },
  recordUsedMedia: {
    method: 'POST',
    path: '/api/members/library',
    description: 'Adds media the member used to their library.',
    body: UsedMediaBodySchema,
    response: UploadedMediaSchema,
    errors: UPLOAD_ERRORS,
  },
  removeBackground: {
    method: 'POST',
    path: '/api/members/remove-bg',
    description: "A picture without its background, stored as the member's media.",
    body: RemoveBgBodySchema,
    response: UploadedMediaSchema,
    errors: [...STANDARD_ERRORS, 415, 422, 429, 501, 502, 503],
  },

  // Presets, rating and music of the wizard (spec 001 §7).
  presetList: {
    method: 'GET',
    path: '/api/members/presets/list',
    description: "The member's saved slide presets (none for a visitor).",
    response: PresetListResponseSchema,
    errors: STANDARD_ERRORS,
  },
  presetSave: {
    method: 'POST',
    path: '/api/members/presets/save',
    description: "Saves a slide's design as a named preset (members only).",
    body: PresetSaveBodySchema,
    response: PresetSchema,
    errors: STANDARD_ERRORS,
  },
  videoRating: {
    method: 'POST',
    path: '/api/members/video-rating',
    description: "Records the member's rating of a video, with feedback at 3 stars or fewer.",
    body: VideoRatingBodySchema,
    response: VideoRatingResponseSchema,
    errors: STANDARD_ERRORS,
  },
  music: {
    method: 'GET',
    path: '/api/members/music',
    description: 'The stock background music, and the progress while tracks are made.',
    response: MusicListSchema,
    errors: [...STANDARD_ERRORS, 503],
  },

  // Web Push (spec 000: the push subscription under /api/notify/app/webpush).
  webPushKey: {
    method: 'GET',
    path: '/api/notify/app/webpush',
    description: "The server's VAPID public key, which a browser subscribes with.",
    response: WebPushKeySchema,
  },
  webPushSubscribe: {
    method: 'POST',
    path: '/api/notify/app/webpush',
    description: "Keeps a browser's push subscription for the member (https endpoints only on a public server).",
    body: PushSubscriptionSchema,
    response: PushSubscribedSchema,
    errors: STANDARD_ERRORS,
  },
  webPushUnsubscribe: {
    method: 'DELETE',
    path: '/api/notify/app/webpush',
    description: "Forgets one of the member's push subscriptions.",
    body: PushUnsubscribeSchema,
    response: PushUnsubscribedSchema,
    errors: STANDARD_ERRORS,
  },
  // Publishing to a video site (issue 21 part 4): YouTube over OAuth 2.0 and resumable uploads.
  videoSiteStatus: {
    method: 'GET',
    path: '/api/members/video-site',
    description: "The member's connected channel, the project's finished render and suggested texts.",
    query: VideoSiteQuerySchema,
    response: VideoSiteStatusSchema,
    errors: STANDARD_ERRORS,
  },
  videoSiteConnect: {
    method: 'POST',
    path: '/api/members/video-site/connect',
    description: "Google's authorization URL for connecting a YouTube channel (upload scope, offline access).",
    body: VideoSiteConnectInputSchema,
    response: VideoSiteConnectSchema,
    errors: [...STANDARD_ERRORS, 501],
  },
  videoSiteCallback: {
    method: 'GET',
    path: '/api/members/video-site/callback',
    description: 'Where Google sends the member back: stores the channel, then redirects to the app.',
    query: VideoSiteCallbackQuerySchema,
    answers: 'redirect',
    errors: STANDARD_ERRORS,
  },
  videoSiteDisconnect: {
    method: 'POST',
    path: '/api/members/video-site/disconnect',
    description: "Revokes the app's access at Google and forgets the member's tokens.",
    response: VideoSiteDisconnectedSchema,
    errors: STANDARD_ERRORS,
  },
  videoUploadStart: {
    method: 'POST',
    path: '/api/members/video-site/uploads',
    description: "Queues the upload of the project's finished render to the connected channel.",
    body: VideoUploadInputSchema,
    response: VideoUploadSchema,
    errors: [...STANDARD_ERRORS, 501],
  },
  videoUploadStatus: {
    method: 'GET',
    path: '/api/members/video-site/uploads',
    description: "An upload's progress, and the video's link once done.",
    query: VideoUploadQuerySchema,
    response: VideoUploadSchema,
    errors: STANDARD_ERRORS,
  },

  // Webhooks (issue 22 part 3): the member's endpoints for render events, and their deliveries.
  webhookList: {
    method: 'GET',
    path: '/api/members/webhooks',
    description: "The member's webhook endpoints, each with its newest delivery (Business plan).",
    response: WebhookEndpointListSchema,
    errors: WEBHOOK_ERRORS,
  },
  webhookCreate: {
    method: 'POST',
    path: '/api/members/webhooks',
    description: 'Registers an endpoint for events; the answer shows its signing secret, once.',
    body: WebhookEndpointInputSchema,
    response: CreatedWebhookEndpointSchema,
    errors: WEBHOOK_ERRORS,
  },
  webhookDelete: {
    method: 'DELETE',
    path: '/api/members/webhooks/:id',
    description: 'Removes an endpoint and its deliveries; pending retries stop.',
    params: WebhookEndpointParamsSchema,
    response: WebhookEndpointRemovedSchema,
    errors: WEBHOOK_ERRORS,
  },
  webhookTest: {
    method: 'POST',
    path: '/api/members/webhooks/:id/test',
    description: 'Queues a signed `webhook.test` event to the endpoint (ten a minute; 409 while it is disabled).',
    params: WebhookEndpointParamsSchema,
    response: WebhookDeliverySchema,
    errors: [...WEBHOOK_ERRORS, 409, 429],
  },
  webhookEnable: {
    method: 'POST',
    path: '/api/members/webhooks/:id/enable',
    description: 'Turns an endpoint disabled after repeated failures back on (new events only).',
    params: WebhookEndpointParamsSchema,
    response: WebhookEndpointSchema,
    errors: WEBHOOK_ERRORS,
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/api/members/webhooks/:id/deliveries',
    description: "The endpoint's recent deliveries, newest first (at most 50).",
    params: WebhookEndpointParamsSchema,
    response: WebhookDeliveryListSchema,
    errors: WEBHOOK_ERRORS,
  },
} satisfies Record<string, Endpoint>);

/** The endpoint of each access action (`POST /api/members/access/{action}`). */
export const accessEndpoints = {
  info: 'accessInfo',
  signup: 'accessSignup',
  login: 'accessLogin',
  update: 'accessUpdate',
  'reset-pw': 'accessResetPassword',
  'google-auth': 'accessGoogleAuth',
  'forgot/send': 'accessForgotSend',
  'forgot/check': 'accessForgotCheck',
  'verify/send': 'accessVerifySend',
  'verify/check': 'accessVerifyCheck',
} as const satisfies Record<AccessAction, keyof typeof endpoints>;

/** The endpoints' names. */
export type EndpointName = keyof typeof endpoints;
/** The table's type, for code that looks entries up by name. */
export type Endpoints = typeof endpoints;
