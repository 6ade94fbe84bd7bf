import { Fragment, type ReactNode } from 'react';

/**
 * Fills the `{key}` placeholders of a contracts text with bold values, e.g. the e-mail in
 * AUTH_TEXT.otpIntro ("We sent a 5 digit code to {email}.").
 */
export function emphasise(text: string, values: Record<string, string>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return key && key in values ? <strong key={index}>{values[key]}</strong> : <Fragment key={index}>{part}</Fragment>;
  });
}
