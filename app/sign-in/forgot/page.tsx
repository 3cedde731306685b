import type { Metadata } from "next";
import { SignInCard } from "../sign-in-card";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <SignInCard title="Forgot your password?">
      <ForgotPasswordForm />
      <p className="mt-4 text-center text-sm">
        <a href="/sign-in" className="text-blue-700 underline-offset-2 hover:underline">
          Back to sign-in
        </a>
      </p>
    </SignInCard>
  );
}
