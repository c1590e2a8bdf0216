// The sign-up notices, word for word from the product specification.

export const NOTICE_SUCCESS = {
  title: 'Successfully subscribed!',
  description: "You'll be the first to know when we launch.",
};

export const NOTICE_DUPLICATE = {
  title: "You're already on the list!",
  description: 'Thanks for your enthusiasm for the TEDx community.',
};

export const NOTICE_FAILURE = {
  title: 'Something went wrong',
  description: 'Please try again in a moment.',
};
