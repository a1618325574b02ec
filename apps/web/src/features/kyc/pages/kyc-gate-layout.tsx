import { Outlet } from 'react-router';
import { KycGate } from '@/features/kyc/components/kyc-gate.tsx';

/**
 * The dashboard's pages with the KYC flow above them. The router (app) puts this route inside
 * the dashboard's frame, so the dashboard feature never imports the kyc feature.
 */
export default function KycGateLayout() {
  return (
    <>
      <KycGate />
      <Outlet />
    </>
  );
}
