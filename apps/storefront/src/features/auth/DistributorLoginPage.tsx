import { usePageMeta } from '../../lib/meta';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginPage';

export default function DistributorLoginPage() {
  usePageMeta('Distributor Sign In', 'Sign in to your Threadline distributor account to add products.');
  return (
    <AuthCard title="Distributor Sign In" subtitle="Sign in to add products to the Threadline shop.">
      <LoginForm distributor />
    </AuthCard>
  );
}
