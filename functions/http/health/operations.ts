import * as z from 'zod';
import * as AnalyticsContract from '#shared/analytics/contracts';
import * as AuthContract from '#shared/auth';
import * as Brand from '#shared/brand';
import * as Drift from '#shared/drift';
import * as Exports from '#shared/exports';
import * as Guides from '#shared/guides';
import * as Health from '#shared/health';
import * as Narration from '#shared/narration';
import * as Org from '#shared/organization';
import * as Plan from '#shared/plan-contracts';
import * as Presence from '#shared/presence';
import { GuideMeDto } from '#shared/guide-me-contracts';
import { SharedGuideDto } from '#shared/share/shared-guide';
import * as RedactionBoxes from '#shared/redaction-boxes';
import * as SlideRestore from '#shared/slide-restore';
import * as Versions from '#shared/versions';
import * as SlideTools from '#shared/slide-tools';
import * as Translation from '#shared/translation';

/**
 * What the OpenAPI document says about each route: summaries and the very zod schemas the
 * handlers parse with. A unit test checks it covers the routes table exactly.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tag: 'Platform' | 'Auth' | 'Organization' | 'Guides' | 'Exports' | 'Folders' | 'Share' | 'Billing' | 'Analytics' | 'Narration' | 'Drift';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * the success answer's body (its JSON, parsed by the web, the extension and the contract test);
   * absent for answers without one (204, a redirect)
   */
  response?: z.core.$ZodType;
  /** success status and what it answers */
  success: [number, string];
  /** the route needs a session cookie */
  session?: boolean;
}

const op = (o: Operation) => o;

export const OPERATIONS: Operation[] = [
  op({ method: 'GET', path: '/api/health', summary: 'Is every dependency of the API up?', tag: 'Platform', response: Health.HealthResponse, success: [200, '{ status, checks } (503 names what is down)'] }),
  op({ method: 'GET', path: '/api/health/live', summary: 'Does the API answer at all? No dependency is checked', tag: 'Platform', response: Health.LivenessResponse, success: [200, '{ status: "ok" }'] }),
  op({ method: 'GET', path: '/api/openapi.json', summary: 'This document', tag: 'Platform', response: Health.OpenApiDocument, success: [200, 'OpenAPI 3.1'] }),

  op({ method: 'POST', path: '/api/auth/sign-up/email', summary: 'Create an account and its personal organisation, and mail the link that verifies and signs in (the same answer for a taken address)', tag: 'Auth', body: AuthContract.SignUpBody, response: AuthContract.TokenlessUserReply, success: [200, '{ token: null, user }'] }),
  op({ method: 'POST', path: '/api/auth/sign-in/email', summary: 'Start a session', tag: 'Auth', body: AuthContract.SignInBody, response: AuthContract.SignInReply, success: [200, '{ redirect, token, url, user }'] }),
  op({ method: 'GET', path: '/api/auth/get-session', summary: 'The current session and user, or null', tag: 'Auth', response: AuthContract.SessionReply, success: [200, '{ session, user } | null'] }),
  op({ method: 'POST', path: '/api/auth/sign-out', summary: 'End this session', tag: 'Auth', response: AuthContract.SuccessReply, success: [200, '{ success }'], session: true }),
  op({ method: 'GET', path: '/api/auth/list-sessions', summary: "The caller's sessions", tag: 'Auth', response: AuthContract.SessionListDto, success: [200, 'Session[]'], session: true }),
  op({ method: 'POST', path: '/api/auth/revoke-session', summary: 'End one session', tag: 'Auth', body: AuthContract.RevokeSessionBody, response: AuthContract.StatusReply, success: [200, '{ status }'], session: true }),
  op({ method: 'POST', path: '/api/auth/revoke-sessions', summary: 'End every session', tag: 'Auth', response: AuthContract.StatusReply, success: [200, '{ status }'], session: true }),
  op({ method: 'POST', path: '/api/auth/revoke-other-sessions', summary: 'End every other session', tag: 'Auth', response: AuthContract.StatusReply, success: [200, '{ status }'], session: true }),
  op({ method: 'POST', path: '/api/auth/update-user', summary: 'Change name or picture', tag: 'Auth', body: AuthContract.UpdateUserBody, response: AuthContract.UserReply, success: [200, '{ status, user }'], session: true }),
  op({ method: 'POST', path: '/api/auth/change-email', summary: 'Mail a confirmation link to a new address', tag: 'Auth', body: AuthContract.ChangeEmailBody, response: AuthContract.StatusReply, success: [200, '{ status }'], session: true }),
  op({ method: 'POST', path: '/api/auth/change-password', summary: 'Change the password (other sessions end)', tag: 'Auth', body: AuthContract.ChangePasswordBody, response: AuthContract.TokenlessUserReply, success: [200, '{ token, user }'], session: true }),
  op({ method: 'POST', path: '/api/auth/delete-user', summary: 'Delete the account', tag: 'Auth', body: AuthContract.DeleteUserBody, response: AuthContract.SuccessMessageReply, success: [200, '{ success, message }'], session: true }),
  op({ method: 'POST', path: '/api/auth/send-verification-email', summary: 'Send the verification link again', tag: 'Auth', body: AuthContract.SendVerificationEmailBody, response: AuthContract.StatusReply, success: [200, '{ status }'] }),
  op({ method: 'GET', path: '/api/auth/verify-email', summary: 'Follow a verification link', tag: 'Auth', query: AuthContract.VerifyEmailQuery, response: AuthContract.UserReply, success: [200, '{ status, user }, or 302 back into the app for browsers'] }),
  op({ method: 'POST', path: '/api/auth/request-password-reset', summary: 'Mail a password reset link', tag: 'Auth', body: AuthContract.RequestPasswordResetBody, response: AuthContract.StatusMessageReply, success: [200, '{ status, message }'] }),
  op({ method: 'POST', path: '/api/auth/reset-password', summary: 'Set a new password from a reset link', tag: 'Auth', body: AuthContract.ResetPasswordBody, response: AuthContract.StatusReply, success: [200, '{ status }'] }),

  op({ method: 'GET', path: '/api/auth/organization/list', summary: "The caller's organisations", tag: 'Organization', response: z.array(Org.OrganizationDto), success: [200, 'Organization[]'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/create', summary: 'Create an organisation', tag: 'Organization', body: Org.CreateOrganizationBody, response: Org.FullOrganizationDto, success: [200, 'FullOrganization'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/update', summary: 'Update an organisation', tag: 'Organization', body: Org.UpdateOrganizationBody, response: Org.OrganizationDto, success: [200, 'Organization'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/delete', summary: 'Delete an organisation and everything in it', tag: 'Organization', body: Org.OrganizationIdBody, response: Org.OrganizationDto, success: [200, 'Organization'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/set-active', summary: 'Choose the active organisation', tag: 'Organization', body: Org.SetActiveBody, response: Org.FullOrganizationDto.nullable(), success: [200, 'FullOrganization | null'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/get-full-organization', summary: 'An organisation with members, invitations and teams', tag: 'Organization', query: Org.OrganizationQuery, response: Org.FullOrganizationDto.nullable(), success: [200, 'FullOrganization | null'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/has-permission', summary: "Does the caller's role grant these permissions?", tag: 'Organization', body: Org.HasPermissionBody, response: Org.HasPermissionDto, success: [200, '{ error, success }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/leave', summary: 'Leave an organisation', tag: 'Organization', body: Org.OrganizationIdBody, response: Org.MemberDto, success: [200, 'Member'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/get-active-member', summary: "The caller's membership of the active organisation", tag: 'Organization', response: Org.MemberDto.nullable(), success: [200, 'Member | null'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/get-active-member-role', summary: "The caller's role in the active organisation", tag: 'Organization', response: Org.ActiveMemberRoleDto, success: [200, '{ role }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/update-member-role', summary: "Change a member's roles", tag: 'Organization', body: Org.UpdateMemberRoleBody, response: Org.MemberDto, success: [200, 'Member'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/remove-member', summary: 'Remove a member', tag: 'Organization', body: Org.RemoveMemberBody, response: Org.RemovedMemberDto, success: [200, '{ member }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/invite-member', summary: 'Invite someone by email', tag: 'Organization', body: Org.InviteMemberBody, response: Org.InvitationDto, success: [200, 'Invitation'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/accept-invitation', summary: 'Accept an invitation', tag: 'Organization', body: Org.InvitationIdBody, response: Org.AcceptedInvitationDto, success: [200, '{ invitation, member }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/reject-invitation', summary: 'Decline an invitation', tag: 'Organization', body: Org.InvitationIdBody, response: Org.RejectedInvitationDto, success: [200, '{ invitation, member: null }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/cancel-invitation', summary: 'Withdraw an invitation', tag: 'Organization', body: Org.InvitationIdBody, response: Org.InvitationDto, success: [200, 'Invitation'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/list-invitations', summary: "An organisation's invitations", tag: 'Organization', query: Org.OrganizationQuery, response: z.array(Org.InvitationDto), success: [200, 'Invitation[]'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/get-invitation', summary: 'One invitation, for its invitee', tag: 'Organization', query: Org.InvitationQuery, response: Org.InvitationViewDto, success: [200, 'Invitation & { organizationName, inviterEmail }'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/list-user-invitations', summary: 'Invitations addressed to the caller', tag: 'Organization', response: z.array(Org.InvitationListItemDto), success: [200, 'Invitation[]'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/create-team', summary: 'Create a team', tag: 'Organization', body: Org.CreateTeamBody, response: Org.TeamDto, success: [200, 'Team'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/update-team', summary: 'Rename a team', tag: 'Organization', body: Org.UpdateTeamBody, response: Org.TeamDto, success: [200, 'Team'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/remove-team', summary: 'Delete a team', tag: 'Organization', body: Org.RemoveTeamBody, response: Org.MessageDto, success: [200, '{ message }'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/add-team-member', summary: 'Add a member to a team', tag: 'Organization', body: Org.TeamMemberBody, response: Org.TeamMemberDto, success: [200, 'TeamMember'], session: true }),
  op({ method: 'POST', path: '/api/auth/organization/remove-team-member', summary: 'Remove a member from a team', tag: 'Organization', body: Org.TeamMemberBody, response: Org.MessageDto, success: [200, '{ message }'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/list-team-members', summary: "A team's members", tag: 'Organization', query: Org.TeamQuery, response: z.array(Org.TeamMemberDto), success: [200, 'TeamMember[]'], session: true }),
  op({ method: 'GET', path: '/api/auth/organization/list-user-teams', summary: "The caller's teams", tag: 'Organization', response: z.array(Org.TeamDto), success: [200, 'Team[]'], session: true }),

  op({ method: 'GET', path: '/api/guides', summary: "The active organisation's guides (recents), a folder's, or a title search", tag: 'Guides', query: Guides.ListGuidesQuery, response: Guides.GuideListDto, success: [200, '{ items, nextCursor }'], session: true }),
  op({ method: 'POST', path: '/api/guides', summary: 'Create a draft guide', tag: 'Guides', body: Guides.CreateGuideBody, response: Guides.GuideDto, success: [201, 'Guide'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}', summary: 'A guide with all its slides in order', tag: 'Guides', params: Guides.GuidePath, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'PATCH', path: '/api/guides/{id}', summary: 'Update a guide', tag: 'Guides', params: Guides.GuidePath, body: Guides.UpdateGuideBody, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'DELETE', path: '/api/guides/{id}', summary: 'Delete a guide, its slides and assets', tag: 'Guides', params: Guides.GuidePath, success: [204, 'Deleted'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/duplicate', summary: 'Copy a guide', tag: 'Guides', params: Guides.GuidePath, response: Guides.GuideDto, success: [201, 'Guide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides', summary: 'Add a slide', tag: 'Guides', params: Guides.GuidePath, body: Guides.CreateSlideBody, response: Guides.SlideDto, success: [201, 'Slide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/duplicate', summary: 'A copy of a slide right after it (same screenshot and voiceover)', tag: 'Guides', params: Guides.SlidePath, response: Guides.SlideDto, success: [201, 'Slide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/split', summary: "Split a slide's narration into two slides (the second shows the same screenshot)", tag: 'Guides', params: Guides.SlidePath, body: SlideTools.SplitSlideBody, response: SlideTools.SplitSlideDto, success: [201, '{ first, second }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/merge', summary: 'Merge a slide with the next (words joined, the next removed and kept a day for an undo)', tag: 'Guides', params: Guides.SlidePath, response: SlideTools.MergeSlideDto, success: [200, '{ slide, removedSlideId }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/screenshot', summary: "Replace, crop or revert a slide's screenshot (the old one leaves reach)", tag: 'Guides', params: Guides.SlidePath, body: SlideTools.ScreenshotChangeBody, response: SlideTools.ScreenshotChangeDto, success: [200, '{ slide, previousKey }'], session: true }),
  op({ method: 'PATCH', path: '/api/guides/{id}/slides/{slideId}', summary: 'Edit or move a slide', tag: 'Guides', params: Guides.SlidePath, body: Guides.UpdateSlideBody, response: Guides.SlideDto, success: [200, 'Slide'], session: true }),
  op({ method: 'DELETE', path: '/api/guides/{id}/slides/{slideId}', summary: 'Remove a slide (kept a day for an undo, its screenshot out of reach)', tag: 'Guides', params: Guides.SlidePath, success: [204, 'Deleted'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/restore', summary: 'Bring a deleted slide back whole, after the slide named (undo)', tag: 'Guides', params: Guides.SlidePath, body: SlideRestore.RestoreSlideBody, response: Guides.SlideDto, success: [201, 'Slide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/slides/{slideId}/redact', summary: 'Bake blur, pixelate or solid boxes into a slide\'s screenshot; the original is deleted', tag: 'Guides', params: Guides.SlidePath, body: RedactionBoxes.RedactSlideBody, response: RedactionBoxes.RedactSlideResponse, success: [200, 'Redacted slides'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/publish', summary: 'Publish the draft as the next version (what the share link, embed and exports serve)', tag: 'Guides', params: Guides.GuidePath, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/discard-draft', summary: 'Put the published version back as the draft', tag: 'Guides', params: Guides.GuidePath, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/versions', summary: "The guide's published versions, newest first", tag: 'Guides', params: Guides.GuidePath, response: Versions.VersionListDto, success: [200, '{ items }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/versions/{version}/restore', summary: 'Make an older version the draft (published only by Publish)', tag: 'Guides', params: Versions.VersionPath, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/presence', summary: 'This tab has the guide open in the design view (renewed every few seconds): who else has it open, and its revision', tag: 'Guides', params: Guides.GuidePath, body: Presence.PresenceBody, response: Presence.PresenceDto, success: [200, '{ revision, others }'], session: true }),
  op({ method: 'DELETE', path: '/api/guides/{id}/presence/{clientId}', summary: 'This tab closed the guide', tag: 'Guides', params: Presence.PresencePath, success: [204, 'Gone'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/uploads', summary: 'A presigned POST for one screenshot', tag: 'Guides', params: Guides.GuidePath, body: Guides.UploadBody, response: Guides.UploadDto, success: [200, '{ url, fields, key }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/exports', summary: 'Export a guide as MP4, PDF, Markdown or HTML (a finished export of the same request is reused)', tag: 'Exports', params: Exports.GuideExportsPath, body: Exports.CreateExportBody, response: Exports.ExportDto, success: [202, 'Export (200 when reused)'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/exports', summary: "A guide's exports, newest first", tag: 'Exports', params: Exports.GuideExportsPath, response: Exports.ExportListDto, success: [200, '{ items: Export[] }'], session: true }),
  op({ method: 'GET', path: '/api/exports/{id}', summary: "An export's state, progress and download link", tag: 'Exports', params: Exports.ExportPath, response: Exports.ExportDto, success: [200, 'Export'], session: true }),
  op({ method: 'DELETE', path: '/api/exports/{id}', summary: 'Delete an export and its file', tag: 'Exports', params: Exports.ExportPath, success: [204, 'Deleted'], session: true }),
  op({ method: 'POST', path: '/api/exports/{id}/retry', summary: 'Render a failed export again', tag: 'Exports', params: Exports.ExportPath, response: Exports.ExportDto, success: [202, 'Export'], session: true }),
  op({ method: 'GET', path: '/api/voices', summary: 'The voices a guide can speak with, each with a sample URL', tag: 'Narration', response: Narration.VoiceListDto, success: [200, '{ voices, defaultVoiceId }'], session: true }),
  op({ method: 'GET', path: '/api/voices/{voiceId}/sample', summary: "A voice's sample (plays for everyone)", tag: 'Narration', params: Narration.VoicePath, success: [302, 'Location: the sample (MP3)'] }),
  op({ method: 'POST', path: '/api/guides/{id}/voiceover', summary: 'Start a voiceover job (Pro; only changed slides are synthesised)', tag: 'Narration', params: Guides.GuidePath, body: Narration.StartVoiceoverBody, response: Narration.VoiceoverStartedDto, success: [202, '{ jobId }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/transcript', summary: 'Regenerate step text and narration (edited slides only with overwriteEdited)', tag: 'Narration', params: Guides.GuidePath, body: Narration.RegenerateTranscriptBody, response: Guides.GuideDto, success: [200, 'Guide'], session: true }),
  op({ method: 'GET', path: '/api/jobs/{id}', summary: "A job's state and progress", tag: 'Narration', params: Narration.JobPath, response: Narration.JobDto, success: [200, 'Job'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/translations', summary: "The guide's languages and each one's progress", tag: 'Narration', params: Guides.GuidePath, response: Translation.TranslationListDto, success: [200, '{ source, translations }'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/translations', summary: 'Translate and voice the guide in a language (Pro; edited steps are kept)', tag: 'Narration', params: Guides.GuidePath, body: Translation.StartTranslationBody, response: Translation.TranslationDto, success: [202, 'Translation'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/translations/{language}', summary: "A language's title and steps beside the original", tag: 'Narration', params: Translation.TranslationPath, response: Translation.TranslationDetailDto, success: [200, 'TranslationDetail'], session: true }),
  op({ method: 'PATCH', path: '/api/guides/{id}/translations/{language}', summary: "The author's words for the guide's title or its cards' words in a language", tag: 'Narration', params: Translation.TranslationPath, body: Translation.UpdateTranslationTextsBody, response: Translation.TranslationDetailDto, success: [200, 'TranslationDetail'], session: true }),
  op({ method: 'DELETE', path: '/api/guides/{id}/translations/{language}', summary: 'Remove a language and its voiceover', tag: 'Narration', params: Translation.TranslationPath, success: [204, 'nothing'], session: true }),
  op({ method: 'PATCH', path: '/api/guides/{id}/translations/{language}/slides/{slideId}', summary: "The author's words for a translated step (a new narration is voiced again)", tag: 'Narration', params: Translation.TranslationSlidePath, body: Translation.UpdateTranslationSlideBody, response: Translation.TranslationDetailDto, success: [200, 'TranslationDetail'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/checks', summary: 'Replay the guide against its live app (or answer the check under way)', tag: 'Drift', params: Guides.GuidePath, response: Drift.CheckStartedDto, success: [202, '{ checkId }'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/checks/latest', summary: "The guide's newest check, or null", tag: 'Drift', params: Guides.GuidePath, response: Drift.LatestCheckDto, success: [200, '{ check: DriftCheck | null }'], session: true }),
  op({ method: 'GET', path: '/api/guides/{id}/checks/{checkId}', summary: "A check's progress and each step's finding", tag: 'Drift', params: Drift.CheckPath, response: Drift.DriftCheckDto, success: [200, 'DriftCheck'], session: true }),
  op({ method: 'POST', path: '/api/guides/{id}/checks/{checkId}/steps/{slideId}/apply', summary: "The slide takes the check's fresh screenshot of its step", tag: 'Drift', params: Drift.CheckStepPath, response: Guides.SlideDto, success: [200, 'Slide'], session: true }),
  op({ method: 'PATCH', path: '/api/guides/{id}/check-schedule', summary: 'Check the guide daily, weekly, or only when asked', tag: 'Drift', params: Guides.GuidePath, body: Drift.ScheduleBody, response: Drift.GuideHealthDto, success: [200, 'GuideHealth'], session: true }),
  op({ method: 'GET', path: '/api/guides/health', summary: 'The health (fresh, drifted, broken) of some guides', tag: 'Drift', query: Drift.GuideHealthQuery, response: Drift.GuideHealthList, success: [200, '{ items: GuideHealth[] }'], session: true }),
  op({ method: 'POST', path: '/api/site-sessions', summary: "Save a site's sign-in (its cookies and storage, encrypted) for drift checks of pages behind it", tag: 'Drift', body: Drift.SaveSiteSessionBody, response: Drift.SiteSessionDto, success: [201, 'SiteSession (never its contents)'], session: true }),
  op({ method: 'GET', path: '/api/site-sessions', summary: "The organisation's saved sign-ins (origin, cookie count, expiry)", tag: 'Drift', response: Drift.SiteSessionList, success: [200, '{ items: SiteSession[] }'], session: true }),
  op({ method: 'DELETE', path: '/api/site-sessions/{id}', summary: 'Delete a saved sign-in', tag: 'Drift', params: Drift.SiteSessionPath, success: [204, 'nothing'], session: true }),
  op({ method: 'GET', path: '/api/share/{id}', summary: 'A published guide for its viewers (private ones for members only), in a language it was translated into with ?lang=', tag: 'Share', params: Guides.GuidePath, query: Translation.ShareLanguageQuery, response: SharedGuideDto, success: [200, 'SharedGuide'] }),
  op({ method: 'GET', path: '/api/share/{id}/guide-me', summary: "A published guide's steps with their pages and locators, for the extension's Guide me overlay (private ones for members only)", tag: 'Share', params: Guides.GuidePath, response: GuideMeDto, success: [200, 'GuideMe'] }),
  op({ method: 'POST', path: '/api/stripe/subscription/checkout-session', summary: 'Start a Pro checkout (7-day trial for a first subscription) that comes back to the page it was started on', tag: 'Billing', body: Plan.CheckoutSessionBody, response: Plan.CheckoutSessionDto, success: [200, '{ url }'], session: true }),
  op({ method: 'GET', path: '/api/stripe/subscription/confirm', summary: 'Confirm a completed checkout', tag: 'Billing', query: z.object({ sessionId: z.string() }), response: Plan.ConfirmedSubscriptionDto, success: [200, '{ status, trialEnd, cancelAtPeriodEnd }'], session: true }),
  op({ method: 'GET', path: '/api/stripe/subscription/details', summary: "The caller's subscription (never cached)", tag: 'Billing', response: Plan.SubscriptionDetailsDto, success: [200, '{ status, trialEnd, cancelAtPeriodEnd, currentPeriodEnd }'], session: true }),
  op({ method: 'POST', path: '/api/stripe/billing-portal', summary: "The caller's billing portal", tag: 'Billing', response: Plan.BillingPortalDto, success: [200, '{ url }'], session: true }),
  op({ method: 'POST', path: '/api/stripe/webhook', summary: 'Stripe events (signed)', tag: 'Billing', response: Plan.WebhookReplyDto, success: [200, '{ received, duplicate }'] }),
  op({ method: 'GET', path: '/api/folders', summary: 'The folders', tag: 'Folders', response: Guides.FolderListDto, success: [200, 'Folder[]'], session: true }),
  op({ method: 'POST', path: '/api/folders', summary: 'Create a folder', tag: 'Folders', body: Guides.FolderBody, response: Guides.FolderDto, success: [201, 'Folder'], session: true }),
  op({ method: 'PATCH', path: '/api/folders/{id}', summary: 'Rename a folder', tag: 'Folders', params: Guides.FolderPath, body: Guides.FolderBody, response: Guides.FolderDto, success: [200, 'Folder'], session: true }),
  op({ method: 'DELETE', path: '/api/folders/{id}', summary: 'Delete a folder (its guides move to no folder)', tag: 'Folders', params: Guides.FolderPath, success: [204, 'Deleted'], session: true }),
  op({ method: 'GET', path: '/api/brand', summary: "The active organisation's brand, and whether its plan shows it (any member)", tag: 'Organization', response: Brand.BrandDto, success: [200, 'Brand'], session: true }),
  op({ method: 'PUT', path: '/api/brand', summary: 'Replace the brand (admins and owners; Pro, else 402; colours must reach WCAG AA against white, else 422 with a passing shade)', tag: 'Organization', body: Brand.BrandSettings, response: Brand.BrandDto, success: [200, 'Brand'], session: true }),
  op({ method: 'POST', path: '/api/brand/logo-uploads', summary: 'A presigned POST for one logo (PNG, JPEG or WebP, at most 1 MB), checked when the brand names it', tag: 'Organization', body: Brand.LogoUploadBody, response: Guides.UploadDto, success: [200, 'Presigned upload'], session: true }),
  op({ method: 'GET', path: '/api/entitlements', summary: "What the active organisation's plan unlocks, for every member", tag: 'Guides', response: Plan.EntitlementsDto, success: [200, 'Entitlements (guideLimit null: unlimited)'], session: true }),
  op({ method: 'POST', path: '/api/events', summary: "A batch of a viewer's events (text/plain from sendBeacon, or JSON); a bad or oversized batch is 422 and dropped whole", tag: 'Analytics', body: AnalyticsContract.EventBatch, response: AnalyticsContract.EventsReply, success: [202, '{ counted }'] }),
  op({ method: 'GET', path: '/api/guides/{id}/analytics', summary: "A guide's viewer analytics over a range of days, the last 30 without one (402 without Pro)", tag: 'Analytics', params: Guides.GuidePath, query: AnalyticsContract.AnalyticsRangeQuery, response: AnalyticsContract.GuideAnalytics, success: [200, 'GuideAnalytics'], session: true }),
  op({ method: 'GET', path: '/api/analytics', summary: "The active organisation's viewer analytics over a range of days, the last 30 without one (402 without Pro)", tag: 'Analytics', query: AnalyticsContract.AnalyticsRangeQuery, response: AnalyticsContract.WorkspaceAnalytics, success: [200, 'WorkspaceAnalytics'], session: true }),
  op({ method: 'GET', path: '/api/analytics/guides', summary: 'All-time views and completion of some guides, for their cards (402 without Pro)', tag: 'Analytics', query: AnalyticsContract.GuideStatsQuery, response: AnalyticsContract.GuideStatsList, success: [200, '{ items }'], session: true }),
];
