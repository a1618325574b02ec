/**
 * Every user-facing message of the product, word for word as PRODUCT.md gives it.
 * Server and web import these; nothing re-declares them.
 */
export const messages = {
  signup: {
    fullNameMin: 'Full name must be at least 2 characters',
    emailInvalid: 'Please enter a valid email address',
    phoneMin: 'Phone number must be at least 10 digits',
    passwordMin: 'Password must be at least 8 characters',
    passwordMax: 'Password must be at most 128 characters',
    passwordCommon: 'This password is too common. Please choose a less predictable one.',
    termsRequired: 'You must accept the terms and conditions',
    emailTaken: 'This email is already registered. Please log in or use a different email.',
    // Checks beyond the spec (ADR 008): look-alike and invisible characters in identities.
    emailConfusable:
      'This email looks too much like the email of an existing account. Please use a different email.',
    emailInvisible:
      'Email cannot contain invisible or text-direction characters (such as zero-width spaces)',
    fullNameInvisible:
      'Full name cannot contain invisible or text-direction characters (such as zero-width spaces)',
    emailTakenToast: 'Account already exists. Please log in instead.',
    failed: 'An error occurred during signup. Please try again.',
    success: 'Account created successfully! Redirecting...',
  },
  login: {
    invalidCredentials: 'Invalid email or password. Please try again.',
    failed: 'An error occurred during login',
    failedToast: 'Login failed',
    success: 'Login successful! Redirecting...',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    /** Refused before the password is checked (ADR 008); `wait` reads like "45 seconds". */
    throttled: (wait: string) => `Too many failed attempts. Please try again in ${wait}.`,
  },
  logout: { failed: 'An error occurred during logout' },
  profile: { notAuthenticated: 'User not authenticated' },
  http: {
    unauthorized: 'Please log in to continue',
    forbidden: 'You do not have permission to do that',
    notFound: 'Not found',
    crossSite: 'Cross-site request refused',
    unsupportedMediaType: 'Requests must be sent as JSON',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    validation: 'Please check the highlighted fields',
    internal: 'Something went wrong on our side. Please try again.',
  },
  realtime: {
    /** A WebSocket handshake over WS_MAX_PER_USER or WS_MAX_PER_IP (429, ADR 040). */
    tooManySockets: 'Too many open connections. Close some tabs and try again.',
  },
  ticker: {
    httpError: (status: number) => `HTTP error! status: ${status}`,
    invalidFormat: 'Invalid data format received from API',
    noData: 'No cryptocurrency data available',
    fallback: 'Failed to fetch cryptocurrency data',
  },
  market: {
    unknownMarket: (market: string) => `No market named ${market}`,
    marketFormat: 'Market must be a market code like USDTINR',
    intervalInvalid: 'Interval must be 1m or 1h',
    limitInvalid: 'Limit must be a whole number from 1 to 1000',
  },
  crypto: { outsideProvider: 'useCrypto must be used within a CryptoProvider' },
  cryptoWallet: {
    /** EVM_CHAIN=off, or the chain is not reachable (503). */
    unavailable: 'The crypto wallet is not available right now',
    kycRequired: 'Verify your identity to get a crypto deposit address',
    faucetTooMuch: (max: string, asset: string) => `The faucet sends at most ${max} ${asset}`,
    tooManyFaucetRequests: 'Too many faucet requests. Wait a minute and try again.',
  },
  cryptoWithdrawals: {
    assetInvalid: 'Choose USDT or ETH',
    addressRequired: 'Recipient address is required',
    addressInvalid:
      'Enter a valid address: 0x followed by 40 hex characters, with a correct checksum if it has capitals',
    addressOwn: 'This is your own Sikka deposit address. Send to a wallet outside Sikka.',
    addressSikka: 'This is a Sikka address. Send to a wallet outside Sikka.',
    addressContract: 'This is the token contract, not a wallet: coins sent to it are lost',
    /** Any other address with code (ADR 016, amended); an EIP-7702-delegated wallet is a wallet. */
    addressSmartContract:
      'This address is a smart contract, not a wallet. Sikka sends only to wallet addresses.',
    /** The chain could not say in time whether the address is a contract (503, nothing held). */
    addressCheckUnavailable:
      'The network could not be reached to check this address. Nothing was held: please try again in a minute.',
    amountDecimals: (places: number) => `Amount can have at most ${places} decimal places`,
    amountMin: (min: string, asset: string) => `Minimum withdrawal is ${min} ${asset}`,
    dailyLimit: (limit: string, left: string, asset: string) =>
      `Daily withdrawal limit is ${limit} ${asset}. Left today: ${left} ${asset}`,
    insufficient: (asset: string) => `Insufficient ${asset} balance for the amount and the fee`,
    beneficiaryRequired: 'Say whose wallet this is: your own, or a named person or business',
    beneficiaryNameRequired: 'Enter the name of the person or business who owns the wallet',
    beneficiaryNameTooLong: 'Name can be at most 100 characters',
    statusInvalid: 'Unknown crypto withdrawal status',
    kycRequired: 'Verify your identity before withdrawing crypto',
  },
  deposits: {
    fetchFailed: 'Failed to fetch deposits',
    submitFailed: 'Failed to submit deposit request',
    submitted: 'Deposit request submitted successfully',
    amountRequired: 'Amount is required',
    amountNumeric: 'Amount must be a number',
    amountMin: 'Minimum deposit amount is ₹100',
    amountMax: 'Maximum deposit amount is ₹10,00,000',
    utrRequired: 'UTR number is required',
    // Checks beyond the spec, made on the server and shown next to the field.
    amountDecimals: 'Amount can have at most 2 decimal places',
    utrInvalid: 'UTR number must be 6 to 22 letters or digits',
    utrDuplicate: 'This UTR number has already been submitted',
  },
  trades: {
    fetchFailed: 'Failed to fetch trade history',
    empty: 'No trades found',
    // Checks beyond the spec, made on the server.
    usdtDecimals: 'USDT amount can have at most 8 decimal places',
    usdtMax: 'USDT amount can be at most 1,000,000 per trade',
    tooSmall: 'Amount is too small: the trade total must be at least ₹0.01',
    /** Bounds of one trade's INR total; the figures are the configured limits, en-IN grouped. */
    totalMin: (min: string) => `The trade total must be at least ₹${min}`,
    totalMax: (max: string) => `The trade total can be at most ₹${max} per trade`,
    tooManyRequests: 'Too many requests. Please wait a minute and try again.',
    quotedRateRequired: 'Quoted rate is required',
    quotedRateInvalid: 'Quoted rate must be a positive number',
    sideInvalid: 'Side must be buy or sell',
    statusInvalid: 'Unknown status filter',
    typeInvalid: 'Type must be buy or sell',
  },
  kycRequired: {
    /** Money moves only for verified users (PMLA; DESIGN.md §8). */
    deposit: 'Verify your identity to deposit INR',
    trade: 'Verify your identity to trade',
    withdraw: 'Verify your identity to withdraw INR',
    submitted: 'Your KYC is under review. You can deposit and trade once it is verified.',
  },
  money: {
    amountAsString: 'Amount must be sent as text, e.g. "1000.00"',
    amountPositive: 'Amount must be greater than 0',
    unknownField: (keys: readonly string[]) => `Unknown field: ${keys.join(', ')}`,
    limitInvalid: 'Limit must be a whole number from 1 to 10',
    pageInvalid: 'Page must be a whole number from 1',
    searchTooLong: 'Search must be at most 100 characters',
    depositStatusInvalid: 'Status must be pending, approved or rejected',
    reasonTooLong: 'The reason must be at most 500 characters',
    reasonInvalid: 'The reason contains a character that cannot be stored',
    depositNotFound: 'Deposit not found',
    depositNotPending: (status: string) => `This deposit is already ${status}`,
  },
  withdrawals: {
    fetchFailed: 'Failed to fetch withdrawals',
    submitFailed: 'Failed to submit withdrawal request',
    submitted: 'Withdrawal request submitted successfully',
    cancelled: 'Withdrawal request cancelled',
    /** Bounds are the server's settings, en-IN grouped (GET /api/withdrawals/limits). */
    amountMin: (min: string) => `Minimum withdrawal amount is ₹${min}`,
    amountMax: (max: string) => `Maximum withdrawal amount is ₹${max}`,
    dailyLimit: (limit: string, left: string) =>
      `Daily withdrawal limit of ₹${limit} reached. You can withdraw up to ₹${left} more today.`,
    bankAccountRequired: 'Please select a bank account',
    bankAccountUnverified:
      'This bank account is not verified yet. You can withdraw to it once it is verified.',
    notPending: (status: string) => `This withdrawal is already ${status}`,
    payoutUtrRequired: 'Payout UTR number is required',
    payoutUtrInvalid: 'Payout UTR number must be 6 to 22 letters or digits',
    payoutUtrDuplicate: 'This UTR number was already used for another withdrawal',
    statusInvalid: 'Status must be pending, paid, rejected or cancelled',
    approved: 'Withdrawal marked as paid',
    rejected: 'Withdrawal rejected successfully',
    cancelFailed: 'Failed to cancel withdrawal',
    approveFailed: 'Failed to mark withdrawal as paid',
    rejectFailed: 'Failed to reject withdrawal',
  },
  bankAccounts: {
    holderNameRequired: 'Account holder name is required',
    holderNameLength: 'Account holder name must be 2 to 100 characters',
    duplicate: 'This bank account has already been added',
    notPending: (status: string) => `This bank account is already ${status}`,
    statusInvalid: 'Status must be pending, verified or rejected',
    added: 'Bank account added. You can withdraw to it once it is verified.',
    verified: 'Bank account verified',
    rejected: 'Bank account rejected',
    fetchFailed: 'Failed to fetch bank accounts',
    addFailed: 'Failed to add bank account',
    verifyFailed: 'Failed to verify bank account',
    rejectFailed: 'Failed to reject bank account',
  },
  idempotency: {
    keyInvalid: 'Idempotency-Key must be 1 to 100 visible characters',
    conflict: 'This Idempotency-Key was already used for a different request',
  },
  quickBuy: {
    loginRequired: 'Please login to trade',
    enterAmount: 'Please enter amount',
    insufficientInr: 'Insufficient INR balance',
    insufficientUsdt: (available: string) =>
      `Insufficient USDT balance. Available: ${available} USDT`,
    failed: 'Failed to execute trade',
    priceChanged:
      'The price moved while you were confirming. Please review the new rate and try again.',
    success: 'Trade Successful',
  },
  kyc: {
    required: {
      aadharNumber: 'Aadhar number is required',
      aadharFront: 'Aadhar front image is required',
      aadharBack: 'Aadhar back image is required',
      panNumber: 'PAN number is required',
      panFront: 'PAN card image is required',
      selfie: 'Selfie is required',
      accountNumber: 'Bank account number is required',
      ifscCode: 'IFSC code is required',
      bankName: 'Bank name is required',
      bankStatement: 'Bank statement is required',
    },
    failed: 'Failed to submit KYC',
    documentMissing: 'Document not available',
    // Checks beyond the spec, made on the server and shown next to the field.
    typeInvalid: 'Please choose Individual or Corporate KYC',
    corporateUnavailable:
      'Corporate KYC is not yet available online. Please submit Individual KYC or contact support.',
    aadharFormat: 'Aadhar number must be 12 digits and cannot start with 0 or 1',
    aadharChecksum: 'Aadhar number is not valid. Please check the digits.',
    panFormat:
      'PAN number must be 10 characters like ABCPE1234F (a person’s PAN has P as its fourth letter)',
    ifscFormat: 'IFSC code must be 11 characters like SBIN0001234',
    accountNumberFormat: 'Bank account number must be 9 to 18 digits',
    bankNameLength: 'Bank name must be 2 to 100 characters',
    imageType: (label: string) => `${label} must be a JPEG, PNG or WebP image`,
    imageTooLarge: (label: string) => `${label} must be at most 5 MB`,
    imageTooManyPixels: (label: string) =>
      `${label} is too large. Please use a picture of at most 40 megapixels.`,
    imageUnreadable: (label: string) =>
      `${label} could not be read. Please upload another picture.`,
    pdfType: 'Bank statement must be a PDF file',
    /** The name says image, the bytes do not (e.g. a text file renamed .jpg). */
    imageContent: (label: string) =>
      `${label} is not a JPEG, PNG or WebP image inside, whatever its name says. Please choose the picture itself.`,
    pdfContent:
      'Bank statement is not a PDF inside, whatever its name says. Please choose the PDF itself.',
    fileUnreadable: 'This file could not be read. Please choose it again.',
    pdfTooLarge: 'Bank statement must be at most 10 MB',
    pdfActiveContent:
      'Bank statement contains scripts, actions or embedded files and cannot be accepted. Please upload a plain PDF.',
    pdfEncrypted: 'Bank statement is password-protected. Please upload a PDF without a password.',
    pdfUnreadable: 'Bank statement could not be checked. Please upload another PDF.',
    unexpectedFile: 'This file is not part of the KYC form',
    duplicateFile: 'Please upload only one file here',
    fieldTooLong: 'This value is too long',
    tooManyParts: 'Too many files or fields in the KYC form',
    multipartRequired: 'KYC must be sent as a form with files (multipart/form-data)',
    alreadySubmitted: 'Your KYC has already been submitted and is awaiting review',
    alreadyVerified: 'Your KYC is already verified',
    notReviewable: 'Only KYC submissions awaiting review can be approved or rejected',
    rejectReasonTooLong: 'The reason must be at most 500 characters',
    /** An API caller's decision without the submission it was made on (ADR 039). */
    decisionSubmittedAtRequired:
      'submittedAt is required: the kycSubmittedAt of the submission you reviewed, as an ISO timestamp',
  },
  admin: {
    fetchUsersFailed: 'Failed to fetch users',
    fetchDepositsFailed: 'Failed to fetch deposits',
    fetchTradesFailed: 'Failed to fetch trades',
    kycUpdateFailed: 'Failed to update KYC status',
    approveDepositFailed: 'Failed to approve deposit',
    rejectDepositFailed: 'Failed to reject deposit',
    kycApproved: 'KYC approved successfully',
    kycRejected: 'KYC rejected successfully',
    depositApproved: 'Deposit approved successfully',
    depositRejected: 'Deposit rejected successfully',
    rejectReasonRequired: 'Please provide a reason for rejection',
    kycHistoryFailed: 'Failed to fetch the earlier KYC submissions',
  },
  /** Account security (issue 16, ADR 017). */
  security: {
    codeRequired: 'Please enter the code from your authenticator app or a backup code',
    codeInvalid:
      'That code is not right. Please try the current code from your app, or a backup code.',
    appCodeFormat: 'Enter the 6-digit code from your authenticator app',
    codeRequiredAgain: 'Enter the code from your authenticator app to continue',
    tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
    twoFactorExpired: 'Your sign-in took too long. Please enter your email and password again.',
    twoFactorSetupRequired:
      'Set up two-factor authentication on your Security page before using the admin tools',
    totpAlreadyEnabled: 'Two-factor authentication is already on',
    totpNotEnabled: 'Two-factor authentication is not on',
    totpSetupMissing: 'Start the set-up again: the code did not match a new secret',
    totpEnabled: 'Two-factor authentication is on',
    totpDisabled: 'Two-factor authentication is off',
    forgotSent:
      'If an account uses this email, we have sent it a link to reset the password. The link works for 30 minutes.',
    linkInvalid: 'This link is not valid or has expired. Please ask for a new one.',
    passwordReset: 'Your password has been changed. Please sign in with the new one.',
    passwordChanged: 'Password changed. Your other sessions have been signed out.',
    currentPasswordRequired: 'Please enter your current password',
    currentPasswordWrong: 'Your current password is not correct',
    passwordSameAsOld: 'The new password must be different from the current one',
    emailVerified: 'Thank you, your email address is verified',
    emailAlreadyVerified: 'Your email address is already verified',
    verificationSent: 'We have sent a new verification link to your email',
    emailUnverified:
      'Please verify your email address before withdrawing. Use the link we emailed you, or send a new one from the banner.',
    passkeyNameRequired: 'Please give this passkey a name',
    passkeyNameTooLong: 'The name must be at most 60 characters',
    passkeyFailed: 'The passkey could not be verified. Please try again.',
    passkeyNotFound: 'This passkey is not registered with Sikka',
    passkeyNeedsName:
      'Passkeys need the site to be opened by its name (e.g. localhost), not by an IP address',
    passkeyExpired: 'The passkey request timed out. Please try again.',
    passkeyNotUsed: 'The passkey was not used. Try it again, or type a code instead.',
    emailSameAsCurrent: 'This is already your email address',
    emailChangeSent: (email: string) =>
      `We have sent a link to ${email}. Your address changes when you follow it; the link works for 24 hours.`,
    emailChanged: (email: string) =>
      `Your email address is now ${email}. Withdrawals pause for 24 hours after a change, to protect your account.`,
    accountFrozen:
      'This account is frozen, so it cannot be signed in to. To unfreeze it, write to support from the account’s email address.',
    accountFrozenNow:
      'Your account is frozen. Every session is signed out and withdrawals waiting for review are cancelled. Write to support from your email address to unfreeze it.',
    accountAlreadyFrozen: 'This account is already frozen',
    accountFreezeAdmin:
      'The admin account cannot be frozen: the admin is the one who unfreezes accounts.',
    accountUnfrozen: 'The account is unfrozen: its owner can sign in again',
    accountNotFrozen: 'This account is not frozen',
    antiPhishingCodeFormat: 'Use 4 to 20 letters and digits, with no spaces',
    antiPhishingCodeSame: 'This is already your anti-phishing code',
    antiPhishingCodeNotSet: 'You have no anti-phishing code to remove',
    antiPhishingCodeSet: (code: string) =>
      `Your anti-phishing code is now ${code}. Every email from Sikka will show it.`,
    antiPhishingCodeRemoved:
      'Your anti-phishing code is removed. Emails from Sikka no longer show one.',
    emailChangeAdmin:
      "The admin's email address is set by ADMIN_EMAIL in the server's settings, not here.",
    withdrawalsPausedAfterEmailChange: (until: string) =>
      `Withdrawals are paused for 24 hours after an email change, to protect your account. They open again at ${until} IST.`,
    sessionNotFound: 'This session has already ended',
  },
  router: {
    unexpected: 'Unexpected Application Error!',
    /** A part of a page whose code could not be downloaded (offline, or a new version deployed). */
    partFailed: (what: string) =>
      `${what} could not be loaded. Check your connection and try again.`,
  },
} as const;
