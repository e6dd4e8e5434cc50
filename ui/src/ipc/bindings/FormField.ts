// Generated from the codes each area declares (desk::registry); do not edit.

/** A field of a form, named when its value is refused. */
export type FormField = "accountName" | "baseUrl" | "apiKey" | "senderAddress" | "confirmationCode" | "domainName" | "webhookUrl" | "listName" | "email" | "otherList" | "fieldTitle" | "choices" | "abuseEmail" | "segmentName" | "conditions" | "importUrl" | "importColumn" | "campaignName" | "launchTime" | "testAddresses" | "attachmentAddress" | "reply" | "automationName" | "triggerEvents" | "watchedCampaigns" | "watchedFields" | "sendingHours" | "triggerAddress" | "templateName" | "templateLayout" | "newCampaignName" | "messageTo" | "messageFrom" | "messageBody" | "inboundDomain" | "forwardAddress";
