import { dispatch } from '../../core/dispatch';
import { acceptInvitation, cancelInvitation, getInvitation, inviteMember, listInvitations, listUserInvitations, rejectInvitation } from './invitations';
import { getActiveMember, getActiveMemberRole, removeMember, updateMemberRole } from './members';
import { checkPermission, create, getFullOrganization, leave, list, remove, setActive, update } from './organizations';
import { addTeamMember, createTeam, listTeamMembers, listUserTeams, removeTeam, removeTeamMember, updateTeam } from './teams';

export const handler = dispatch('organization', {
  list,
  create,
  update,
  remove,
  setActive,
  getFullOrganization,
  checkPermission,
  leave,
  getActiveMember,
  getActiveMemberRole,
  updateMemberRole,
  removeMember,
  inviteMember,
  acceptInvitation,
  rejectInvitation,
  cancelInvitation,
  listInvitations,
  getInvitation,
  listUserInvitations,
  createTeam,
  updateTeam,
  removeTeam,
  addTeamMember,
  removeTeamMember,
  listUserTeams,
  listTeamMembers,
});
