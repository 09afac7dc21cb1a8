import { StaffConsole } from '@/features/staff/components/staff-console';

export default function StaffRoute() {
  return <StaffConsole />;
}
