// The sign-up notices, word for word from the product specification.

export interface NoticeText {
  title: string;
  description: string;
}

export const NOTICE_SUCCESS: NoticeText = {
  title: 'Successfully subscribed!',
  description: "You'll be the first to know when we launch.",
};

export const NOTICE_DUPLICATE: NoticeText = {
  title: "You're already on the list!",
  description: 'Thanks for your enthusiasm for the TEDx community.',
};

export const NOTICE_FAILURE: NoticeText = {
  title: 'Something went wrong',
  description: 'Please try again in a moment.',
};
