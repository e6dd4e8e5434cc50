//! A message as it leaves for one recipient: what the simulator decides a
//! fate for, and what a reply answers.

/// One recipient's message.
pub struct Sent<'a> {
    /// 0 for a transactional message.
    pub campaign_id: i64,
    pub transaction_id: Option<i64>,
    pub member_id: i64,
    pub list_id: i64,
    pub email: &'a str,
    pub subject: &'a str,
    pub links: &'a [String],
}
