export { LeaveDialog, LeaveGuard, type LeaveDialogProps } from './LeaveDialog';
export { useLeaveGuard, type LeaveGuardState } from './useLeaveGuard';
