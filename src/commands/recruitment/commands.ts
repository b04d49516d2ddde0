import { z } from 'zod';
import { profileFieldChanges, profileFields } from './rules.ts';

/**
 * Recruitment commands, all on the owner's stream (`recruitment-<ownerId>`). `profileId` is
 * chosen by the caller (a new uuid, or a deterministic one for demo data).
 */

export const createProfileInput = profileFields.extend({
  profileId: z.uuid(),
  ownerId: z.uuid(),
  kind: z.enum(['driver', 'team'], 'Choose driver or team.'),
});

/** Partial: an absent field stays as it is. */
export const editProfileInput = profileFieldChanges.extend({ profileId: z.uuid() });

export type CreateProfileData = z.input<typeof createProfileInput>;
export type EditProfileData = z.input<typeof editProfileInput>;

export type CreateRecruitmentProfile = {
  type: 'CreateRecruitmentProfile';
  data: CreateProfileData;
};
export type EditRecruitmentProfile = { type: 'EditRecruitmentProfile'; data: EditProfileData };
/** Renews an open profile for another 60 days, or reopens a closed one. */
export type RenewRecruitmentProfile = {
  type: 'RenewRecruitmentProfile';
  data: { profileId: string };
};
export type CloseRecruitmentProfile = {
  type: 'CloseRecruitmentProfile';
  data: { profileId: string };
};
/** The expiry job: closes the profile if it is still open and its time has passed. */
export type ExpireRecruitmentProfile = {
  type: 'ExpireRecruitmentProfile';
  data: { profileId: string };
};
export type DeleteRecruitmentProfile = {
  type: 'DeleteRecruitmentProfile';
  data: { profileId: string; by: 'owner' | 'admin' };
};

export type RecruitmentCommand =
  | CreateRecruitmentProfile
  | EditRecruitmentProfile
  | RenewRecruitmentProfile
  | CloseRecruitmentProfile
  | ExpireRecruitmentProfile
  | DeleteRecruitmentProfile;
